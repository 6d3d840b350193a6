"""The readers under their first name: :mod:`rakestats.formats` holds them now (one
package per format, each reading and writing it). Everything public there is here too.
"""

from rakestats.formats import *  # noqa: F403
from rakestats.formats import __all__ as __all__
