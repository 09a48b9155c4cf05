"""`python -m ui4a` runs the command line."""

import sys

from ui4a.cli import main

sys.exit(main())
