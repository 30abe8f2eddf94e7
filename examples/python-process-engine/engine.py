#!/usr/bin/env python3
"""A text-to-SQL engine for nl2sql-evals, run as a child process (`kind: process`).

It speaks the engine protocol as JSON lines: one request per line on stdin,
one reply per line on stdout, matched by "id". Logs go to stderr, never stdout.

    {"id": 1, "method": "ask", "params": {"question": "...", "role": "..."}}
    {"id": 1, "result": {"status": "success", "sql": "...", "results": [...], ...}}

Its "model" is a lookup table: a JSON object of question -> SQL (--answers, or
NL2SQL_EXAMPLE_ANSWERS). The SQL is run read-only on a SQLite database (--db,
or NL2SQL_EXAMPLE_DB) and the rows returned. Replace `answer()` with a call to
your own system; the rest is the protocol. Standard library only.
"""

import argparse
import base64
import json
import math
import os
import sqlite3
import sys
import threading
import time
import traceback
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

NAME = "python-process-engine-example"
VERSION = "1.0.0"
MAX_SAFE_INTEGER = 2**53 - 1


class RequestError(Exception):
    """A request this engine cannot serve: answered with an error reply."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def load_answers(path):
    with open(path, encoding="utf-8") as file:
        table = json.load(file)
    if not isinstance(table, dict) or not all(
        isinstance(q, str) and isinstance(sql, str) for q, sql in table.items()
    ):
        raise SystemExit(f"{path}: expected a JSON object mapping each question to its SQL")
    return table


def json_cell(value):
    """A SQLite value as the protocol carries it (as nl2sql-evals' gold rows are written)."""
    if isinstance(value, bytes):
        return "base64:" + base64.b64encode(value).decode("ascii")
    if isinstance(value, int) and abs(value) > MAX_SAFE_INTEGER:
        return str(value)  # beyond 2^53: exact, as text
    if isinstance(value, float):
        if not math.isfinite(value):
            return None  # JSON has no infinity
        if value == 0:
            return 0  # no negative zero
    return value


class Engine:
    def __init__(self, answers, db_path, max_rows):
        self.answers = answers
        self.db_uri = "file:" + urllib.parse.quote(os.path.abspath(db_path)) + "?mode=ro"
        self.max_rows = max_rows

    def describe(self):
        return {"name": NAME, "version": VERSION, "settings": {"max_rows": self.max_rows}}

    def run_sql(self, sql):
        # One read-only connection per question: requests are answered on several threads.
        connection = sqlite3.connect(self.db_uri, uri=True)
        try:
            cursor = connection.execute(sql)
            columns = [column[0] for column in cursor.description or []]
            rows = cursor.fetchmany(self.max_rows + 1)
        finally:
            connection.close()
        truncated = len(rows) > self.max_rows
        cells = [[json_cell(value) for value in row] for row in rows[: self.max_rows]]
        return {"columns": columns, "rows": cells, "truncated": truncated}

    def answer(self, question, role, datasource, context):
        """`context` holds what the case carries beside the question, when it does: evidence
        (BIRD's hints), instructions (defog's) and as_of_date (the day "today" means). A real
        system puts them in its prompt; this lookup table only reports which it was given.
        The system under test. A real one would also refuse, per role, the tables the role
        may not read: error code SECURITY_VIOLATION with the protocol's generic message."""
        started = time.perf_counter()
        sql = self.answers.get(question)
        if sql is None:
            return error_answer("QUESTION_NOT_ANSWERABLE", "no answer for this question", None)
        try:
            result = self.run_sql(sql)
        except sqlite3.Error as error:
            return error_answer("EXECUTION_ERROR", str(error), sql)
        count = len(result["rows"])
        return {
            "status": "success",
            "sql": sql,
            "results": [result],
            "answer": f"{count} row{'' if count == 1 else 's'}.",
            "error": None,
            "usage": [],
            "trace": {
                "datasource": datasource,
                "context": sorted(context),
                "total_ms": (time.perf_counter() - started) * 1000,
            },
        }

    def handle(self, method, params):
        if method == "describe":
            return self.describe()
        if method == "ask":
            question, role = params.get("question"), params.get("role")
            if not isinstance(question, str) or not isinstance(role, str):
                raise RequestError("INVALID_REQUEST", "ask needs a question and a role")
            return self.answer(question, role, params.get("datasource"), context_of(params))
        if method == "retrieve":
            raise RequestError("INVALID_REQUEST", "this engine has no retrieval mode")
        raise RequestError("INVALID_REQUEST", f"unknown method {method!r}")


def context_of(request):
    """The optional fields an ask carries beside its question (absent ones left out)."""
    return {k: request[k] for k in ("evidence", "instructions", "as_of_date") if k in request}


def error_answer(code, message, sql):
    return {
        "status": "error",
        "sql": sql,
        "results": [],
        "answer": None,
        "error": {"code": code, "message": message},
        "usage": [],
        "trace": {},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", default=os.environ.get("NL2SQL_EXAMPLE_ANSWERS"))
    parser.add_argument("--db", default=os.environ.get("NL2SQL_EXAMPLE_DB"))
    parser.add_argument("--max-rows", type=int, default=10000)
    parser.add_argument("--workers", type=int, default=4, help="questions answered at once")
    args = parser.parse_args()
    if not args.answers or not args.db:
        parser.error("give --answers FILE and --db PATH (or NL2SQL_EXAMPLE_ANSWERS and NL2SQL_EXAMPLE_DB)")
    if not os.path.isfile(args.db):
        parser.error(f"--db {args.db}: no such file")
    engine = Engine(load_answers(args.answers), args.db, args.max_rows)

    write_lock = threading.Lock()

    def reply(message):
        # "id" first, so an oversized reply can still be matched to its request; one write
        # and a flush per line, under a lock, so replies from two threads never interleave.
        line = json.dumps(message, allow_nan=False)
        with write_lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def serve(request_id, method, params):
        try:
            reply({"id": request_id, "result": engine.handle(method, params)})
        except RequestError as error:
            reply({"id": request_id, "error": {"code": error.code, "message": str(error)}})
        except Exception as error:  # a bug: say so, keep serving the other questions
            traceback.print_exc(file=sys.stderr)
            message = f"{type(error).__name__}: {error}"
            reply({"id": request_id, "error": {"code": "INTERNAL_ERROR", "message": message}})

    print(f"{NAME}: {len(engine.answers)} answers, database {args.db}", file=sys.stderr, flush=True)
    # Requests are answered concurrently, so replies may come out of order: the id says
    # which is which. When stdin closes, the pool finishes its work and the process exits.
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for line in iter(sys.stdin.readline, ""):
            if not line.strip():
                continue
            try:
                request = json.loads(line)
                request_id, method = request["id"], request["method"]
                params = request.get("params") or {}
            except (ValueError, KeyError, TypeError):
                print(f"{NAME}: not a request, ignored: {line.strip()[:200]}", file=sys.stderr, flush=True)
                continue
            pool.submit(serve, request_id, method, params)


if __name__ == "__main__":
    main()
