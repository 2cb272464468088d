"""Pydantic models of the API: ``requests`` (query strings, bodies) and ``responses``;
``replay`` (the engine's request and response) and ``ask`` (questions and answers).

The OpenAPI document (``service.web.openapi``) is generated from them.
"""
