"""The model runtime: backends that write compact code, and the router that picks an adapter."""
