"""``python -m tingpai.cli``."""

import sys

from tingpai.cli import main

sys.exit(main())
