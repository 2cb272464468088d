"""WSGI entry point for gunicorn: ``gunicorn --config gunicorn.conf.py wsgi:app``."""

from service.web import create_app

app = create_app()
