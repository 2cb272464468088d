"""Pydantic models of the API: ``requests`` (query strings, bodies) and ``responses``.

The OpenAPI document (``service.web.openapi``) is generated from them.
"""
