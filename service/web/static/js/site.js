// Clocktower Adjudicator: progressive enhancement only. Every page works without this file
// as plain links and forms; with it: suggestions as you type, the theme toggle without a
// reload, pages swapped in place instead of reloaded, and builder rows added in place.
"use strict";

(function () {
  const GENERIC = {
    townsfolk: "townsfolk_g", outsider: "outsider_g", minion: "minion_e", demon: "demon_e",
    traveller: "traveller", fabled: "fabled", loric: "loric",
  };
  const staticBase = () => document.body.dataset.static || "/static/";

  function iconUrl(item) {
    const generic = `${staticBase()}icons/generic/${GENERIC[item.team] || "custom"}.webp`;
    return item.official ? `${staticBase()}icons/${encodeURIComponent(item.id)}.webp` : generic;
  }

  // ---- theme ------------------------------------------------------------------------

  function setupTheme(form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const root = document.documentElement;
      const next = root.dataset.theme === "light" ? "dark" : "light";
      root.dataset.theme = next;
      document.cookie = `theme=${next}; path=/; max-age=31536000; SameSite=Lax`;
      const button = form.querySelector("button");
      const other = next === "light" ? "dark" : "light";
      button.value = other;
      button.setAttribute("aria-label", `Switch to the ${other} theme`);
      button.title = `Switch to the ${other} theme`;
    });
  }

  // ---- suggestions (a combobox over the API's character list) ------------------------

  function setupSuggest(input) {
    const url = input.dataset.suggest;
    const list = document.getElementById(input.getAttribute("aria-controls"));
    const status = input.form.querySelector("[data-suggest-status]");
    if (!url || !list) return;
    let items = [];
    let active = -1;
    let timer = 0;
    let sequence = 0;

    const close = () => {
      list.hidden = true;
      list.replaceChildren();
      items = [];
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    };

    const choose = (item) => {
      close();
      const target = input.form.dataset.character.replace("__id__", encodeURIComponent(item.id));
      go(target);
    };

    const highlight = (index) => {
      active = index;
      list.querySelectorAll("li").forEach((li, i) => {
        li.setAttribute("aria-selected", i === index ? "true" : "false");
      });
      if (index >= 0) input.setAttribute("aria-activedescendant", `${list.id}-${index}`);
      else input.removeAttribute("aria-activedescendant");
    };

    const render = (found) => {
      items = found;
      list.replaceChildren(...found.map((item, i) => option(item, i, list.id, choose)));
      list.hidden = found.length === 0;
      input.setAttribute("aria-expanded", found.length ? "true" : "false");
      if (status) status.textContent = found.length ? `${found.length} characters suggested` : "";
      highlight(-1);
    };

    const lookup = async () => {
      const q = input.value.trim();
      if (q.length < 2 || q.split(/\s+/).length > 3) { close(); return; }
      const mine = ++sequence;
      try {
        const response = await fetch(`${url}?${new URLSearchParams({ q, limit: "6" })}`,
          { headers: { Accept: "application/json" } });
        if (!response.ok) { close(); return; }
        const data = await response.json();
        if (mine === sequence) render((data.items || []).slice(0, 6));
      } catch (_) {
        close();
      }
    };

    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(lookup, 120);
    });
    input.addEventListener("keydown", (event) => {
      if (list.hidden) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        let next = active + (event.key === "ArrowDown" ? 1 : -1);
        if (next >= items.length) next = -1;
        else if (next < -1) next = items.length - 1;
        highlight(next);
      } else if (event.key === "Enter" && active >= 0) {
        event.preventDefault();
        choose(items[active]);
      } else if (event.key === "Escape") {
        event.preventDefault(); // a search field would also clear itself
        close();
      }
    });
    input.addEventListener("blur", () => setTimeout(close, 150));
  }

  function option(item, index, listId, choose) {
    const li = document.createElement("li");
    li.id = `${listId}-${index}`;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    const token = document.createElement("span");
    token.className = `token token-sm team-${item.team || "none"}`;
    const img = document.createElement("img");
    img.alt = "";
    img.src = iconUrl(item);
    img.addEventListener("error", () => {
      img.src = iconUrl({ ...item, official: false });
    }, { once: true });
    token.append(img);
    const name = document.createElement("span");
    name.textContent = item.name;
    const team = document.createElement("span");
    team.className = "s-team muted";
    team.textContent = item.team ? item.team[0].toUpperCase() + item.team.slice(1) : "";
    li.append(token, name, team);
    li.addEventListener("mousedown", (event) => {
      event.preventDefault();
      choose(item);
    });
    return li;
  }

  // ---- pages swapped in place ---------------------------------------------------------

  async function go(url, options = {}, push = true) {
    const main = document.getElementById("main");
    const method = (options.method || "GET").toUpperCase();
    main.setAttribute("aria-busy", "true");
    let response;
    try {
      response = await fetch(url, { ...options, headers: { Accept: "text/html" } });
    } catch (_) {
      if (method === "GET") window.location.assign(url);
      return;
    } finally {
      main.removeAttribute("aria-busy");
    }
    const type = response.headers.get("Content-Type") || "";
    if (!type.includes("text/html")) {
      if (method === "GET") window.location.assign(url);
      return;
    }
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("main");
    if (!fresh) {
      window.location.assign(response.url);
      return;
    }
    main.replaceChildren(...fresh.childNodes);
    document.title = page.title;
    const nav = page.querySelector(".top nav");
    if (nav) document.querySelector(".top nav").replaceWith(nav);
    const hash = new URL(url, window.location.href).hash;
    if (push && (method === "GET" || response.redirected)) {
      window.history.pushState({}, "", response.url + (response.url.includes("#") ? "" : hash));
    }
    const next = document.querySelector('.theme input[name="next"]');
    if (next) next.value = window.location.pathname + window.location.search;
    enhance(main);
    focusAfterSwap(main, hash);
  }

  function focusAfterSwap(main, hash) {
    const target = (hash && document.getElementById(decodeURIComponent(hash.slice(1))))
      || main.querySelector("#grimoire") || main.querySelector("h1") || main;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
  }

  function setupForm(form) {
    form.addEventListener("submit", (event) => {
      const submitter = event.submitter;
      if (submitter && submitter.dataset.addRow && addRow(form, submitter.dataset.addRow)) {
        event.preventDefault();
        return;
      }
      event.preventDefault();
      const data = new FormData(form, submitter || undefined);
      if ((form.method || "get").toLowerCase() === "post") {
        go(form.action, { method: "POST", body: data });
      } else {
        const url = new URL(form.action, window.location.href);
        url.search = new URLSearchParams(data).toString();
        go(url.toString());
      }
    });
  }

  function setupLink(link) {
    link.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      go(link.href);
    });
  }

  // ---- replay builder ----------------------------------------------------------------

  function addRow(form, kind) {
    const rows = form.querySelector(`[data-rows="${kind}"]`);
    const last = rows && rows.querySelector("[data-row]:last-of-type");
    if (!last) return false;
    const index = rows.querySelectorAll("[data-row]").length;
    const row = last.cloneNode(true);
    row.querySelectorAll("input, select").forEach((field) => {
      field.name = field.name.replace(/^(\w+)-\d+-/, `$1-${index}-`);
      if (field.type === "checkbox") field.checked = false;
      else if (field.tagName === "INPUT") field.value = "";
    });
    const number = row.querySelector(".row-n");
    if (number) number.textContent = String(index + 1);
    rows.append(row);
    const first = row.querySelector("input, select");
    if (first) first.focus();
    return true;
  }

  function setupBuilder(form) {
    const update = () => {
      const list = document.getElementById("player-names");
      if (!list) return;
      const names = [...form.querySelectorAll("[data-player-name]")]
        .map((input) => input.value.trim()).filter(Boolean);
      list.replaceChildren(...names.map((name) => {
        const option = document.createElement("option");
        option.value = name;
        return option;
      }));
    };
    form.addEventListener("change", update);
  }

  // ---- wiring ----------------------------------------------------------------------

  function enhance(root) {
    root.querySelectorAll("input[data-suggest]").forEach(setupSuggest);
    root.querySelectorAll("form[data-enhance], form[data-box]").forEach(setupForm);
    root.querySelectorAll("a[data-enhance][href]").forEach(setupLink);
    root.querySelectorAll("form[data-builder]").forEach(setupBuilder);
    root.querySelectorAll("input[data-select-all]").forEach((input) => {
      input.addEventListener("focus", () => input.select());
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("form[data-theme-form]").forEach(setupTheme);
    enhance(document.getElementById("main") || document.body);
    window.addEventListener("popstate", () => go(window.location.href, {}, false));
  });
})();
