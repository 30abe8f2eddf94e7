#!/usr/bin/env python3
"""An agent-style text-to-SQL engine for nl2sql-evals, run as a child process (`kind: process`).

Where the single-shot example answers with one query, this one works as an agent does and
reports what it did as the answer's `trajectory`: it explores the schema (one `schema` step
per table it describes), runs a probe query, reads the error of a first attempt and retries,
and only then runs its final SQL. Every step is reported, in order:

    {"kind": "schema", "call": "describe_table", "target": "Invoice"}
    {"kind": "sql", "sql": "SELECT COUNT(*) FROM Invoice", "row_count": 1, "error": null}
    {"kind": "sql", "sql": "SELECT Totl FROM Invoice", "row_count": null, "error": "no such column: Totl"}
    {"kind": "error", "message": "retrying after: no such column: Totl"}

The harness checks every SQL step as it checks the final answer (and runs it again itself,
as the case's role), so a probe that writes or reads a table the role may not read fails
the case run even when the final answer is right.

Its "model" is a JSON object of question -> plan (--plans, or NL2SQL_AGENT_PLANS):

    {"sql": "final SQL", "tables": ["Invoice"], "probe": "probe SQL",
     "first_try": "SQL that fails", "clarify": "a question to ask back instead"}

Every key but "sql" is optional ("clarify" alone answers status clarify). The SQL runs
read-only on a SQLite database (--db or NL2SQL_EXAMPLE_DB). A case's as_of_date replaces
each 'now' time value in the SQL (the project's rule for frozen dates). Standard library only.
"""

import argparse
import json
import os
import re
import sqlite3
import sys
import threading
import time
import urllib.parse

NAME = "python-agent-engine-example"
VERSION = "1.0.0"
NOW = re.compile(r"'now'", re.IGNORECASE)


def load_plans(path):
    with open(path, encoding="utf-8") as file:
        table = json.load(file)
    if not isinstance(table, dict) or not all(isinstance(p, dict) for p in table.values()):
        raise SystemExit(f"{path}: expected a JSON object mapping each question to its plan")
    return table


class Agent:
    def __init__(self, plans, db_path, max_rows):
        self.plans = plans
        self.db_uri = "file:" + urllib.parse.quote(os.path.abspath(db_path)) + "?mode=ro"
        self.max_rows = max_rows

    def connect(self):
        return sqlite3.connect(self.db_uri, uri=True)

    def describe(self):
        return {"name": NAME, "version": VERSION, "settings": {"max_rows": self.max_rows}}

    def run(self, connection, steps, sql):
        """Executes one statement, reporting it as a sql step; returns (result, error)."""
        try:
            cursor = connection.execute(sql)
            columns = [column[0] for column in cursor.description or []]
            rows = [list(row) for row in cursor.fetchmany(self.max_rows + 1)]
        except sqlite3.Error as error:
            steps.append({"kind": "sql", "sql": sql, "row_count": None, "error": str(error)})
            return None, str(error)
        truncated = len(rows) > self.max_rows
        rows = rows[: self.max_rows]
        steps.append({"kind": "sql", "sql": sql, "row_count": len(rows), "error": None})
        return {"columns": columns, "rows": rows, "truncated": truncated}, None

    def explore(self, connection, steps, tables):
        """Schema exploration: the tables there are, then the columns of those it needs."""
        steps.append({"kind": "schema", "call": "list_tables", "target": None})
        known = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table in tables:
            steps.append({"kind": "schema", "call": "describe_table", "target": table})
            if table not in known:
                steps.append({"kind": "error", "message": f"no table {table} in the schema"})

    def ask(self, params):
        started = time.perf_counter()
        question = params.get("question")
        plan = self.plans.get(question)
        steps = []
        if plan is None:
            return answer("error", None, None, steps, started, error={
                "code": "QUESTION_NOT_ANSWERABLE", "message": "no plan for this question"})
        today = params.get("as_of_date")
        frozen = (lambda sql: NOW.sub(f"'{today}'", sql)) if today else (lambda sql: sql)
        connection = self.connect()
        try:
            self.explore(connection, steps, plan.get("tables", []))
            if plan.get("clarify"):
                return answer("clarify", None, plan["clarify"], steps, started)
            if plan.get("probe"):
                self.run(connection, steps, frozen(plan["probe"]))
            if plan.get("first_try"):
                _, error = self.run(connection, steps, frozen(plan["first_try"]))
                if error is not None:
                    steps.append({"kind": "error", "message": f"retrying after: {error}"})
            sql = frozen(plan["sql"])
            result, error = self.run(connection, steps, sql)
        finally:
            connection.close()
        if error is not None:
            return answer("error", sql, None, steps, started, error={"code": "EXECUTION_ERROR", "message": error})
        count = len(result["rows"])
        return answer("success", sql, f"{count} row{'' if count == 1 else 's'}.", steps, started, result)


def answer(status, sql, text, steps, started, result=None, error=None):
    return {
        "status": status,
        "sql": sql,
        "results": [result] if result is not None else [],
        "answer": text,
        "error": error,
        "usage": [],
        "trace": {"total_ms": (time.perf_counter() - started) * 1000},
        "trajectory": steps,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plans", default=os.environ.get("NL2SQL_AGENT_PLANS"))
    parser.add_argument("--db", default=os.environ.get("NL2SQL_EXAMPLE_DB"))
    parser.add_argument("--max-rows", type=int, default=10000)
    args = parser.parse_args()
    if not args.plans or not args.db:
        parser.error("give --plans FILE and --db PATH (or NL2SQL_AGENT_PLANS and NL2SQL_EXAMPLE_DB)")
    if not os.path.isfile(args.db):
        parser.error(f"--db {args.db}: no such file")
    agent = Agent(load_plans(args.plans), args.db, args.max_rows)
    lock = threading.Lock()

    def reply(message):
        line = json.dumps(message, allow_nan=False, default=str)
        with lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    print(f"{NAME}: {len(agent.plans)} plans, database {args.db}", file=sys.stderr, flush=True)
    # One question at a time: an agent's steps are sequential, and replies keep their ids.
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
        try:
            if method == "ask":
                reply({"id": request_id, "result": agent.ask(params)})
            elif method == "describe":
                reply({"id": request_id, "result": agent.describe()})
            else:
                reply({"id": request_id, "error": {"code": "INVALID_REQUEST", "message": f"no method {method!r} here"}})
        except Exception as error:  # a bug: say so, keep serving
            reply({"id": request_id, "error": {"code": "INTERNAL_ERROR", "message": f"{type(error).__name__}: {error}"}})


if __name__ == "__main__":
    main()
