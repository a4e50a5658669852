"""The floor for reading a text edge list: Arrow's multithreaded CSV parse alone
(runs in bench/.venvs/pyarrow, pyarrow alone). Prints the row count, not a par.

``python pyarrow_par.py FILE int|named``.
"""

import sys

from pyarrow import csv

table = csv.read_csv(
    sys.argv[1],
    read_options=csv.ReadOptions(column_names=["src", "dst"]),
    parse_options=csv.ParseOptions(delimiter=" "),
)
print(table.num_rows)
