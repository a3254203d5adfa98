"""Turns the statements FlowPages sent for some requests of one session, as PostgreSQL logged them
with log_statement=all, into a pgbench script sending the same statements for any session, for
Benchmarks/postgres-navigate.sh:

    python3 pgbench_scripts.py LOG > navigate.sql
    pgbench -M prepared -D first=N -D clients=32 -D each=4 -D turn=0 -f navigate.sql …

Client c takes the sessions numbered first + c, first + c + clients, … (`each` of them) in turn,
so no two clients write one session at once, as no two wrk connections do. Every parameter
becomes a literal (-M prepared prepares a statement once a connection, as FlowPages does) but
for those that name the session:
  the session's read   by its number (a unique index, as id_hash's primary key is) instead of
                       its id_hash, and giving the id_hash (\\gset) for the statements after it
  id_hash              that id_hash
  version = $N         in a WHERE: the version the read gave, as FlowPages' compare-and-set
  session_number       its number, and shard its number modulo EventTable.shards (16)
The round trips are FlowPages' (PostgresConnection): BEGIN goes with the statement after it,
a statement whose answer is awaited (a SELECT, or RETURNING) ends a round trip, and the rest
wait for COMMIT; several statements in one round trip are a pipeline (\\startpipeline).
"""
import re
import sys

SHARDS = 16

# Client c of :clients takes sessions :first + c, + :clients, … (:each of them) in turn, as a wrk
# connection takes its thread's; :turn persists from one transaction of a client to the next.
HEADER = """\\set turn :turn + 1
\\set n :first + :client_id + :clients * (:turn %% :each)
\\set shard :n %% %d""" % SHARDS

entry = re.compile(r"^\S+ \S+ \S+ \[\d+\] (LOG|DETAIL):  (.*)$")
parameter = re.compile(r"\$(\d+) = ")


def statements(lines):
    """(sql, {number: value or None}) for each statement executed, in order."""
    found, current = [], None
    for line in lines:
        match = entry.match(line)
        if match is None:
            if current is not None and line.startswith("\t"):
                current[0] += "\n" + line[1:]
            continue
        kind, text = match.groups()
        if kind == "LOG" and text.startswith("execute "):
            current = [text.split(": ", 1)[1], {}]
            found.append(current)
        elif kind == "DETAIL" and text.startswith("parameters: ") and current is not None:
            current[1] = parameters(text[len("parameters: "):])
        else:
            current = None
    return [(sql, values) for sql, values in found]


def parameters(text):
    """$1 = 'a', $2 = NULL, … as {1: 'a', 2: None}; quotes inside a value are doubled."""
    values, at = {}, 0
    while at < len(text):
        match = parameter.match(text, at)
        number, at = int(match.group(1)), match.end()
        if text.startswith("NULL", at):
            values[number], at = None, at + 4
        else:
            end, value = at + 1, []
            while True:
                quote = text.index("'", end)
                value.append(text[end:quote])
                if text.startswith("''", quote):
                    value.append("'")
                    end = quote + 2
                else:
                    at = quote + 1
                    break
            values[number] = "".join(value)
        if text.startswith(", ", at):
            at += 2
    return values


def columns(sql):
    """The column each parameter is compared with, set to or inserted into."""
    named = {}
    for column, number in re.findall(r"(\w+)\s*=\s*\$(\d+)", sql):
        named[int(number)] = column
    for names, rows in re.findall(r"INSERT INTO \w+ \(([^)]*)\)\s*VALUES\s*((?:\([^)]*\)(?:,\s*)?)+)", sql):
        names = [name.strip() for name in names.split(",")]
        for row in re.findall(r"\(([^)]*)\)", rows):
            for name, value in zip(names, row.split(",")):
                number = re.fullmatch(r"\s*\$(\d+)\s*", value)
                if number:
                    named[int(number.group(1))] = name
    return named


def literal(value):
    return "NULL" if value is None else "'" + value.replace("'", "''") + "'"


def script(logged):
    """The pgbench script sending `logged` for the session its variables pick."""
    captured = None
    out, waiting = [HEADER], []

    def send(batch):
        if len(batch) == 1:
            out.append(batch[0])
        else:
            out.extend(["\\startpipeline"] + batch + ["\\endpipeline"])

    for sql, values in logged:
        named = columns(sql)
        in_where = set(int(n) for n in re.findall(r"WHERE[^;]*?version\s*=\s*\$(\d+)", sql))
        read = re.search(r"^SELECT (.*FROM sessions WHERE) id_hash = \$(\d+)$", sql.strip(), re.S)
        if read and not waiting and "version" in sql:
            # The session's read outside a transaction: by number, so each client keeps to
            # sessions of its own; it gives the row's id_hash and the version its write compares.
            if captured is None:
                captured = values[int(read.group(2))]
            elif values[int(read.group(2))] != captured:
                sys.exit("the log is of more than one session")
            send(["SELECT id_hash, " + read.group(1) + " number = :n \\gset"])
            continue

        def substitute(match):
            number = int(match.group(1))
            value, column = values.get(number), named.get(number)
            if column == "id_hash":
                if value != captured:
                    sys.exit("a statement names another session than the log's: " + sql)
                return ":id_hash"
            if column == "version" and number in in_where:
                return ":version"
            if column == "session_number":
                return ":n"
            if column == "shard":
                return ":shard"
            return literal(value)

        text = re.sub(r"\$(\d+)(?!\d)", substitute, sql)
        answered = text.lstrip().upper().startswith("SELECT") or "RETURNING" in text.upper()
        if text.strip().upper() == "BEGIN":
            waiting.append("BEGIN;")
        elif text.strip().upper() == "COMMIT":
            send(waiting + ["COMMIT;"])
            waiting = []
        elif answered:
            send(waiting + [text + ";"])
            waiting = []
        else:
            waiting.append(text + ";")
    if captured is None:
        sys.exit("the log holds no read of a session")
    if waiting:
        send(waiting)
    return "\n".join(out) + "\n"


def main():
    with open(sys.argv[1]) as handle:
        logged = statements(handle.read().splitlines())
    if not logged:
        sys.exit("the log holds no executed statements")
    sys.stdout.write(script(logged))


main()
