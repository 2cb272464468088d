"""The HTML pages: the one box, characters, replays with their grimoire, night sheets.

Server-rendered and usable as plain forms; static/js/site.js only enhances (suggestions,
swapping the page body instead of reloading). Every page gets a strict Content-Security-
Policy, so no inline script or style exists anywhere.
"""

from __future__ import annotations

import json
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.exceptions import HTTPException

from knowledge import queries
from knowledge.errors import InvalidRequest, ServiceError
from service.web import pages_features as features
from service.web import pages_replay as rp
from service.web.icons import icon_file, origin_label, team_label
from service.web.kb import get_answer_kb, get_db, get_graph, get_resolver
from service.web.pages_character import character_view, sources_by_file
from service.web.pages_grimoire import seats, shroud_path, snapshots
from service.web.pages_markup import (
    is_official,
    lines_label,
    night_markup,
    quote_markup,
    snippet_markup,
    source_label,
)
from service.web.pages_night import known_scripts, pasted_sheet, stored_sheet

pages = Blueprint("pages", __name__)

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; form-action 'self'; "
    "base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
THEMES = ("dark", "light")
MAX_QUERY = 300
SHORT_NAME = 3  # a box entry of this many words or fewer may be a character's name


def init_app(app: Flask) -> None:
    """Register the pages, their template helpers and the security headers."""
    app.register_blueprint(pages)
    app.after_request(_secure)
    app.jinja_env.filters.update(
        night=night_markup, snippet=snippet_markup, lines=lines_label, quoted=quote_markup
    )
    app.jinja_env.globals.update(
        icon_file=icon_file,
        team_label=team_label,
        origin_label=origin_label,
        source_label=source_label,
        is_official=is_official,
        shroud_path=shroud_path,
    )


def _secure(response: Response) -> Response:
    # setdefault: a response that sets its own policy (e.g. API documentation) keeps it.
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


@pages.app_context_processor
def _page_context() -> dict[str, Any]:
    theme = request.cookies.get("theme")
    return {"theme": theme if theme in THEMES else "dark", "suggest_url": _suggest_url()}


def _suggest_url() -> str:
    """The API's character list (the box's suggestions), if the API serves one."""
    return url_for("api.characters") if "api.characters" in current_app.view_functions else ""


@pages.errorhandler(ServiceError)
def _refused(exc: ServiceError):
    return render_template("pages/error.html", error=exc), exc.status


@pages.errorhandler(Exception)
def _failed(exc: Exception):
    if isinstance(exc, HTTPException):
        return exc
    current_app.logger.exception("unhandled error on %s", request.path)
    return render_template("pages/error.html", error=None), 500


@pages.get("/")
def home():
    return render_template(
        "pages/home.html",
        scripts=known_scripts(get_db()),
        example=rp.encode(features.EXAMPLE_REPLAY),
    )


@pages.post("/theme")
def theme():
    chosen = request.form.get("theme")
    target = request.form.get("next") or "/"
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        target = "/"
    response = redirect(target, 303)
    if chosen in THEMES:
        response.set_cookie(
            "theme", chosen, max_age=365 * 24 * 3600, samesite="Lax", httponly=False
        )
    return response


@pages.get("/search")
def search():
    q = " ".join(request.args.get("q", "").split())[:MAX_QUERY]
    if not q:
        return redirect(url_for(".home"))
    found = _character_named(q)
    if found:
        return redirect(
            url_for(".character", name=found.id, **({} if found.exact else {"from": q}))
        )
    db = get_db()
    answer = features.ask(q)
    understood = (answer.data or {}).get("understood") or {}
    return render_template(
        "pages/search.html",
        q=q,
        results=queries.search(db, q, limit=20),
        answer=answer,
        sources=sources_by_file(db),
        names=_character_index(),
        script_names=get_answer_kb().script_names,
        answer_seats=_grimoire(answer.replay) if answer.replay else None,
        corrections=features.corrections(q, understood),
        readings=features.readings(q, understood),
    )


def _character_named(q: str):
    """The character a short box entry names, if it names exactly one."""
    if len(q.split()) > SHORT_NAME or "?" in q:
        return None
    try:
        return get_resolver().resolve(q)
    except ServiceError:
        return None


@pages.get("/characters")
def characters():
    items = queries.characters(get_db(), limit=10_000)["items"]
    teams: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        teams.setdefault(item["team"] or "", []).append(item)
    return render_template("pages/characters.html", teams=teams)


@pages.get("/c/<path:name>")
def character(name: str):
    db = get_db()
    exists = db.execute("select 1 from characters where id = ?", [name]).fetchone()
    if not exists:
        found = get_resolver().resolve(name)  # ServiceError: the error page with suggestions
        return redirect(url_for(".character", name=found.id, **{"from": name}))
    view = character_view(db, get_graph(), name)
    return render_template("pages/character.html", resolved_from=request.args.get("from"), **view)


@pages.route("/replay", methods=["GET", "POST"])
def replay():
    if request.method == "POST":
        return _replay_post()
    packed = request.args.get("r")
    if not packed:
        return _builder_page(rp.Builder())
    req = rp.decode(packed)
    builder = rp.builder_from_request(req)
    try:
        shots = snapshots(req, *features.engine())
    except ServiceError as exc:
        return _builder_page(builder, request_json=req, error=exc), exc.status
    step = _step_index(request.args.get("step"), len(shots))
    names = _character_index()
    return _builder_page(
        builder,
        request_json=req,
        shots=shots,
        step=step,
        packed=packed,
        seats=seats(shots[step].response, names),
        names=names,
    )


def _step_index(raw: str | None, count: int) -> int:
    try:
        return min(max(int(raw or count - 1), 0), count - 1)
    except ValueError:
        return count - 1


def _replay_post():
    form = request.form
    if form.get("mode") == "json":
        try:
            req = rp.parse_json(form.get("json", ""))
        except ServiceError as exc:
            return _builder_page(rp.Builder(), error=exc, raw=form.get("json", "")), exc.status
        return redirect(url_for(".replay", r=rp.encode(req), _anchor="grimoire"), 303)
    builder = rp.builder_from_form(form)
    if form.get("add") == "player":
        builder.players.append(rp.PlayerRow())
        return _builder_page(builder, pad=False)
    if form.get("add") == "step":
        builder.steps.append(
            rp.StepRow(phase=builder.steps[-1].phase if builder.steps else "night 1")
        )
        return _builder_page(builder, pad=False)
    try:
        req = rp.request_from_builder(builder)
    except ServiceError as exc:
        return _builder_page(builder, error=exc, pad=False), exc.status
    return redirect(url_for(".replay", r=rp.encode(req), _anchor="grimoire"), 303)


def _builder_page(
    builder: rp.Builder,
    *,
    pad: bool = True,
    request_json: dict[str, Any] | None = None,
    raw: str = "",
    **context: Any,
) -> str:
    names = context.pop("names", None) or _character_index()
    text = json.dumps(request_json, indent=1, ensure_ascii=False) if request_json else raw
    return render_template(
        "pages/replay.html",
        builder=builder.padded() if pad else builder,
        phases=rp.PHASES,
        kinds=rp.KIND_LABEL,
        night_kinds=rp.NIGHT_KINDS,
        names=names,
        request_text=text,
        sources=sources_by_file(get_db()),
        example=rp.encode(features.EXAMPLE_REPLAY),
        **context,
    )


def _character_index() -> dict[str, dict[str, Any]]:
    return {
        r["id"]: r
        for r in get_db().query("select id, name, team, official from characters order by name")
    }


def _grimoire(response: dict[str, Any]) -> list[dict[str, Any]]:
    return seats(response, _character_index())


@pages.route("/night", methods=["GET", "POST"])
def night():
    db = get_db()
    sheet, error, pasted = None, None, ""
    try:
        if request.method == "POST":
            pasted = _posted_script()
            sheet = pasted_sheet(db, get_resolver(), pasted)
        elif request.args.get("script"):
            sheet = stored_sheet(db, request.args["script"])
    except ServiceError as exc:
        error = exc
    return render_template(
        "pages/night.html",
        scripts=known_scripts(db),
        sheet=sheet,
        error=error,
        pasted=pasted,
        sources=sources_by_file(db),
        chosen=request.args.get("script"),
    ), error.status if error else 200


def _posted_script() -> str:
    upload = request.files.get("file")
    if upload and upload.filename:
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InvalidRequest("the uploaded file is not UTF-8 text", field="file") from None
    return request.form.get("script", "")
