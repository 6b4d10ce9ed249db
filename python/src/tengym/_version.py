# The engine bundle carried in _engine/ must report the same version and protocol.
__version__ = "0.1.0"
PROTOCOL = 16
