"""Model backends: the Backend interface and the sources behind it; factory.py picks one from a spec."""
