"""``python -m`` entry point: the same as the ``proofgrid`` console script."""

import sys

from proofgrid.cli import main

sys.exit(main())
