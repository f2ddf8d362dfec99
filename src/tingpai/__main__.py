"""``python -m tingpai``: the ``tingpai`` command."""

import sys

from tingpai.cli import main

if __name__ == "__main__":
    sys.exit(main())
