#!/usr/bin/env python3
"""A text-to-SQL engine for nl2sql-evals, served over HTTP (`kind: http`).

It serves the engine protocol: POST /ask, GET /describe (and answers POST
/retrieve with 501: it has no retrieval mode). Standard library only.

Its "model" is a lookup table: a JSON object of question -> SQL (--answers, or
NL2SQL_EXAMPLE_ANSWERS). The SQL is run read-only on a SQLite database (--db,
or NL2SQL_EXAMPLE_DB) and the rows returned. Replace `answer()` with a call to
your own system; the rest is the protocol.

Once listening it prints its base URL on stdout (useful with --port 0, which
takes a free port) and logs requests on stderr.
"""

import argparse
import base64
import json
import math
import os
import sqlite3
import sys
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

NAME = "python-http-engine-example"
VERSION = "1.0.0"
MAX_SAFE_INTEGER = 2**53 - 1
MAX_BODY_BYTES = 1 << 20


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


class Engine:
    def __init__(self, answers, db_path, max_rows):
        self.answers = answers
        self.db_uri = "file:" + urllib.parse.quote(os.path.abspath(db_path)) + "?mode=ro"
        self.max_rows = max_rows

    def describe(self):
        return {"name": NAME, "version": VERSION, "settings": {"max_rows": self.max_rows}}

    def run_sql(self, sql):
        # One read-only connection per question: each request has its own thread.
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


def handler_for(engine):
    class Handler(BaseHTTPRequestHandler):
        def send_json(self, status, value):
            body = json.dumps(value, allow_nan=False).encode("utf-8")
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def fail(self, status, code, message):
            self.send_json(status, {"error": {"code": code, "message": message}})

        def do_GET(self):
            if self.path == "/describe":
                self.send_json(200, engine.describe())
            else:
                self.fail(404, "INVALID_REQUEST", f"no route for GET {self.path}")

        def do_POST(self):
            if self.path == "/retrieve":
                self.fail(501, "INVALID_REQUEST", "this engine has no retrieval mode")
                return
            if self.path != "/ask":
                self.fail(404, "INVALID_REQUEST", f"no route for POST {self.path}")
                return
            length = int(self.headers.get("content-length") or 0)
            if length > MAX_BODY_BYTES:
                self.fail(413, "INVALID_REQUEST", f"body over {MAX_BODY_BYTES} bytes")
                return
            try:
                body = json.loads(self.rfile.read(length) or b"null")
                question, role = body["question"], body["role"]
                if not isinstance(question, str) or not isinstance(role, str):
                    raise TypeError("question and role must be strings")
            except (ValueError, KeyError, TypeError) as error:
                self.fail(400, "INVALID_REQUEST", f"not an AskRequest: {error}")
                return
            # Failures of the question itself are answers (status "error"), sent with 200.
            self.send_json(
                200, engine.answer(question, role, body.get("datasource"), context_of(body))
            )

        def log_message(self, format, *args):
            print(f"{NAME}: {self.address_string()} {format % args}", file=sys.stderr, flush=True)

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", default=os.environ.get("NL2SQL_EXAMPLE_ANSWERS"))
    parser.add_argument("--db", default=os.environ.get("NL2SQL_EXAMPLE_DB"))
    parser.add_argument("--max-rows", type=int, default=10000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0 takes a free port")
    args = parser.parse_args()
    if not args.answers or not args.db:
        parser.error("give --answers FILE and --db PATH (or NL2SQL_EXAMPLE_ANSWERS and NL2SQL_EXAMPLE_DB)")
    if not os.path.isfile(args.db):
        parser.error(f"--db {args.db}: no such file")
    engine = Engine(load_answers(args.answers), args.db, args.max_rows)
    server = ThreadingHTTPServer((args.host, args.port), handler_for(engine))
    host, port = server.server_address[:2]
    print(f"http://{host}:{port}", flush=True)
    print(f"{NAME}: {len(engine.answers)} answers, database {args.db}", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
