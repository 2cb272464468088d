"""The verdict read aloud: one or two plain sentences, outcome first, no file references; the
rulings it rests on (``because``) and the replay's facts (``replay_summary``) beside it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from service.answer import AnswerKB, ask
from service.answer.ask import understood
from service.answer.phrasing import clause, joined, split_sentences, with_aside
from service.answer.protection import protected_from
from service.answer.words import Condition


def regressed(why: str) -> pytest.MarkDecorator:
    """An answer the models retrained on 2026-12-07 (the 133 read held sets learned: blind
    citation recall 92.24 -> 94.15%, verdicts resting on a must-cite 70.21 -> 73.75%) give
    worse than the one this test pinned, no general rule found to restore it: expected to
    fail, and strict, so that an answer put right shows here to be unmarked."""
    return pytest.mark.xfail(strict=True, reason=f"retrained models: {why}")


EXAMPLES = [
    "drunk monk vs assassin",
    "can the imp kill himself with 1 minion left",
    "sailor executed?",
    "what happens if the virgin is nominated by the drunk",
    "SW when the imp is executed with 5 alive",
    "mayor bounce onto soldier",
    "poisoned FT checks the recluse",
    "how do I run the Chambermaid",
    "does the poisoner go before the monk",
    "can the imp kill himself with 2 minions alive",
    "philosopher picks an in play character then dies, does that player stay drunk",
    "bodygaurd's player nominated by the imp",
    "lleech host shot by the slayer",
    "what tokens does the fortune teller use",
    "what about the frobnicator and the grimwald",
]
FILE_REFERENCE = re.compile(r"\.txt|\.json|\b\d+-\d+\b|:\d+\b")


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> AnswerKB:
    return AnswerKB.from_path(kb_path)


def first_sentence(answer: dict) -> str:
    return split_sentences(answer["verdict"]["text"])[0]


def name_of(answer: dict, character: str) -> str:
    return next(
        p["name"] for p in answer["replay"]["request"]["players"] if p["character"] == character
    )


@pytest.mark.parametrize("question", EXAMPLES)
def test_the_verdict_is_at_most_two_plain_sentences(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert 1 <= len(split_sentences(verdict["text"])) <= 2, verdict["text"]
    assert not FILE_REFERENCE.search(verdict["text"]), verdict["text"]
    assert "roles.json" not in verdict["text"]


@pytest.mark.parametrize("question", EXAMPLES)
def test_because_quotes_the_knowledge_base(kb, question):
    answer = ask(question, kb)
    for item in answer["verdict"]["because"]:
        assert set(item) == {"id", "source", "lines", "quote"} and item["quote"]
        if item["id"] in kb.rulings:
            stored = kb.rulings[item["id"]]
            assert item["source"] == stored["source"]
            assert item["lines"] == list(stored["lines"])
            assert item["quote"].strip('"“”') in stored["text"]
    if answer["understood"]["characters"]:
        assert answer["verdict"]["because"], "a verdict on known characters rests on rulings"


def test_the_assassins_target_dies_whatever_the_drunk_monk_did(kb):
    answer = ask("drunk monk vs assassin", kb)
    night = answer["replay"]["request"]["phases"][0]
    target = next(
        a["targets"][0] for a in night["actions"] if a["player"] == name_of(answer, "assassin")
    )
    assert answer["replay"]["deaths"] == [target]
    assert re.match(rf"{target} \(\w+\) dies\.", first_sentence(answer))
    assert "the protection does not work" in answer["verdict"]["text"]


@pytest.mark.parametrize(
    "question, lead",
    [
        # "No protection ... stops it" says the death happens: not a denial ("No: Ann
        # (Soldier) dies." was the answer)
        ("if the assassin picks the soldier does he die", r"Yes: \w+ \(Soldier\) dies\."),
        # the Assassin's target, not the Assassin ("No: no protection ..." was the answer)
        ("does the assassin target die", r"Yes: \w+ \(\w+\) dies\."),
        # a yes/no question after its premise with no comma, and safety asked
        ("if the imp attacks the soldier does he survive", r"Yes: \w+ \(Soldier\) does not die"),
        ("assassin picks the soldier, is he safe", r"No: \w+ \(Soldier\) dies\."),
    ],
)
def test_a_death_nothing_prevents_is_a_yes_and_safety_the_replay_decides(kb, question, lead):
    assert re.match(lead, ask(question, kb)["verdict"]["text"])


@pytest.mark.parametrize(
    "question, wrong",
    [
        # nothing attacked the Innkeeper: that nobody died does not show them safe
        ("innkeeper picks themself, are they drunk and safe", "nobody dies"),
        # a replay with no nomination shows nothing of a death on nominating
        (
            "witch cursed a guy who's also poisoned. if he nominates tomorrow does he still drop "
            "dead",
            "No",
        ),
        # who is made drunk, asked: not the Sweetheart's death
        ("sweatheart died, can the person who gets drunk from it be someone already dead", "No"),
        # "and does it ever move": a second question, not the one the replay decides
        ("where do i put the FT red herring and does it ever move", "Yes"),
    ],
)
def test_a_replay_that_shows_nothing_of_what_is_asked_decides_nothing(kb, question, wrong):
    assert not ask(question, kb)["verdict"]["text"].startswith(wrong)


@pytest.mark.parametrize(
    "question, answer, quoted",
    [
        ("does the tea lady protect from execution", "yes", "an execution, or any other ability"),
        ("does the monk protect from the assassin", "no", "a Minion's ability"),
        ("is the soldier safe from the assassin", "no", "even if for some reason they could not"),
        ("is the soldier immune to execution", "no", "still die by execution"),
        ("can the fool save himself from execution", "yes", "the first one is prevented"),
        ("does the sailor protect from execution", "yes", "not an execution"),
    ],
)
def test_a_protection_against_another_cause_than_the_demon(kb, question, answer, quoted):
    # from the sentences naming the cause ("does the tea lady protect from execution" was "No:
    # if either neighbour is evil, nobody is protected"; "is the soldier safe from the
    # assassin" a "Yes" from the Soldier's protection against the Demon's other effects)
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert any(quoted in b["quote"] for b in verdict["because"])


@pytest.mark.parametrize(
    "question, answer",
    [
        # what the ability keeps off, said after the choice, is no cause of its own ("No: the
        # Devil's Advocate cannot choose the same player two nights in a row ..." was the
        # answer)
        ("can the devil's advocate save the demon from execution", "yes"),
        # the protected player named after the verb is not the protector
        ("does the monk protect the chef from execution", "no"),
        ("can the monk protect the demon from the assassin", "no"),
    ],
)
def test_a_choice_or_protection_with_what_it_keeps_off(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_an_impairment_told_of_another_is_not_the_owners_case(kb):
    # "the poisoned player" is whom the Acrobat chose: "No: when the Acrobat player is drunk
    # or poisoned, the Acrobat ability has no effect ..." answered another case
    verdict = ask("the acrobat picks the poisoned player, does the acrobat die", kb)["verdict"]
    assert verdict["answer"] != "no"
    assert "if they are or become drunk or poisoned tonight, you die" in verdict["text"]
    # ... and the owner's own impairment, told, still is its case
    told = ask("the acrobat is poisoned and picks the chef, does the acrobat die", kb)["verdict"]
    assert "When the Acrobat player is drunk or poisoned" in told["because"][0]["quote"]


@pytest.mark.parametrize(
    "question, answer",
    [
        # "If the Imp pointed to themself, ..." was the answer: the Pit-Hag makes a player a
        # character not in play
        ("can the pit hag turn someone into the imp", "yes"),
        ("can the pit hag turn the chef into a vortox", "yes"),
        ("can the pit hag make a second imp", "no"),
        ("can the pit hag make someone the imp if the imp is already in play", "no"),
    ],
)
def test_a_character_made_only_if_not_in_play(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert "(if not in play)" in verdict["text"]


@pytest.mark.parametrize(
    "question",
    ["can the chef be wrong if poisoned", "could the empath get a false number if drunk"],
)
def test_false_information_asked_possible_is_a_yes_where_the_rule_allows_it(kb, question):
    # "When the Chef is drunk or poisoned, the number need not be true" was left as
    # information
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes" and "need not be true" in verdict["text"]


def test_one_nominating_themself_is_of_their_own_type(kb):
    # "can the virgin nominate herself": the nominator is the Virgin, a Townsfolk ("A
    # Traveller nominating is not a Townsfolk, so nothing happens" led; then "No: Ann
    # (Virgin) dies. If the nominator is not a Townsfolk, nothing happens ...")
    verdict = ask("can the virgin nominate herself", kb)["verdict"]
    assert verdict["answer"] != "no"
    assert "if the nominator is a Townsfolk, that nominator is executed" in verdict["text"]
    assert "Traveller" not in verdict["text"]


@pytest.mark.parametrize(
    "question, answer",
    [
        # a day ability on the first day ("No: if they are not the Demon, nothing happens")
        ("can the slayer shoot on day 1", "yes"),
        ("can the gossip make a statement on day 1", "yes"),
        # the ability's own act before the night asked is its waking then ("Each night except
        # the First Night, wake the Imp." was left as information)
        ("can the imp kill on night 1", "no"),
        ("can the monk protect on the first night", "no"),
        ("can the poisoner poison n1", "yes"),
    ],
)
def test_an_ability_on_the_first_day_or_night(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_premise_that_the_one_acted_on_is_not_of_their_type_is_another_case(kb):
    # "No: Cat (Imp) dies; good wins ... If they are not the Demon, nothing happens."
    assert ask("can the slayer shoot the imp on day 1", kb)["verdict"]["answer"] != "no"
    # ... and without the day: "No: Cat (Imp) dies; ... If the Demon is chosen but does not
    # die because of some effect, nothing happens"
    assert ask("can the slayer shoot the imp", kb)["verdict"]["answer"] == "yes"


@pytest.mark.parametrize(
    "killer, target",
    [
        (k, t)
        for k in ("imp", "zombuul", "shabaloth", "vigormortis", "no dashii", "po", "assassin")
        for t in ("soldier", "mayor", "fool", "sailor", "chef")
    ],
)
def test_a_yes_or_no_never_goes_against_the_replays_death_it_leads_with(kb, killer, target):
    # "No: Ann (Mayor) dies." ("zombuul attacks the mayor, does the mayor die": the sentence
    # denied another case's death); "Yes: Ann (Soldier) does not die ...; Ben (Chef) dies."
    # ("can the shabaloth kill the soldier": the Shabaloth's second pick died)
    for question in (
        f"{killer} attacks the {target}, does the {target} die",
        f"can the {killer} kill the {target}",
    ):
        text = ask(question, kb)["verdict"]["text"]
        fate = re.match(r"(Yes|No): \w+ \(([^)]*)\) (dies|does not die)", text)
        if fate and fate.group(2).lower().replace(" ", "") == target.replace(" ", ""):
            assert (fate.group(1) == "Yes") == (fate.group(3) == "dies"), (question, text)


def test_a_resurrection_of_one_unnamed_is_the_replays_to_decide(kb):
    # the Professor chose the Demon, who is not a Townsfolk: nothing happens ("A resurrected
    # player may later become evil; ..." was the answer)
    verdict = ask("can the professor resurrect the demon", kb)["verdict"]
    assert verdict["answer"] == "no"


def test_a_protection_against_the_demon_or_by_an_impaired_protector_is_not_read_so(kb):
    # the Demon's kill is every protection's own case (the replay plays it); a drunk
    # protector's is another question
    for question in (
        "does the monk protect from the imp",
        "is the drunk sailor safe from execution",
    ):
        assert protected_from(understood(question, kb), kb) is None


@pytest.mark.parametrize(
    "question",
    [
        "if the ravenkeeper is killed by the imp does he wake",
        "if the imp kills the ravenkeeper does he wake",
    ],
)
def test_whether_he_wakes_asks_of_the_one_told_dying(kb, question):
    # "he": the one named with a state told (killed), whom the replay woke to choose
    assert ask(question, kb)["verdict"]["text"].startswith("Yes: ")


def test_a_sentence_whose_verb_the_one_before_gives_is_quoted_with_it(kb):
    # "A day where someone was executed but did not die does not — the execution happened."
    # says nothing alone: "does not" is "does not still count", from the sentence before
    # (asked of the case that sentence decides: "what happens if the mayor is executed" is
    # as near "“No execution” means nobody was executed", which retrained models chose)
    verdict = ask("mayor: the executed player didnt die, does that count as no execution", kb)[
        "verdict"
    ]
    assert verdict["text"].startswith("A day with nominations that all failed still counts; a day")
    assert verdict["because"][0]["quote"].startswith("A day with nominations")


@pytest.mark.parametrize("minions", [1, 2])
def test_the_imp_dies_and_a_minion_becomes_the_imp(kb, minions):
    answer = ask(f"can the imp kill himself with {minions} minion{'s' * (minions > 1)} left", kb)
    imp = name_of(answer, "imp")
    lead = first_sentence(answer)
    assert answer["verdict"]["answer"] == "yes"
    assert lead.startswith(f"Yes: {imp} (Imp) dies") and "becomes the Imp" in lead


def test_the_sailor_survives_the_execution(kb):
    answer = ask("sailor executed?", kb)
    assert first_sentence(answer).startswith(f"{name_of(answer, 'sailor')} (Sailor) does not die")


def test_the_scarlet_woman_becomes_the_imp(kb):
    answer = ask("SW when the imp is executed with 5 alive", kb)
    lead = first_sentence(answer)
    assert f"{name_of(answer, 'scarletwoman')} (Scarlet Woman) becomes the Imp" in lead
    # the execution the question states is its premise, not news: it is in the summary
    assert not lead.startswith(f"{name_of(answer, 'imp')} (Imp) dies")
    assert f"{name_of(answer, 'imp')} (Imp) dies." in answer["verdict"]["replay_summary"]


def test_a_drunk_nominating_the_virgin_sets_off_nothing(kb):
    lead = first_sentence(ask("what happens if the virgin is nominated by the drunk", kb))
    assert "is not a Townsfolk: nothing happens" in lead


def test_a_choice_the_question_makes_is_played_and_its_outcome_leads(kb):
    """ "mayor bounce onto soldier": the Storyteller's choice is the question's; the replay
    plays it (the Soldier survives the bounced kill) and says it was told, not taken."""
    answer = ask("mayor bounce onto soldier", kb)
    soldier = name_of(answer, "soldier")
    assert first_sentence(answer).startswith(f"{soldier} (Soldier) does not die")
    summary = " ".join(answer["verdict"]["replay_summary"])
    assert "as the question tells it: who dies instead of Ann (Mayor)" in summary


@pytest.mark.parametrize("question", ["poisoned FT checks the recluse"])
def test_a_choice_the_replay_took_is_the_storytellers(kb, question):
    answer = ask(question, kb)
    assert answer["verdict"]["answer"] == "storyteller"
    assert first_sentence(answer).startswith("Your choice: ")
    asked = [c["question"] for c in answer["replay"]["storyteller_choices"]]
    assert any(q in first_sentence(answer) for q in asked)


def test_a_choice_the_replay_had_to_take_leads_only_if_the_question_is_about_it(kb):
    # the Fortune Teller's red herring is a choice every replay with a Fortune Teller takes;
    # "which one counts as first" is not about it
    answer = ask(
        "both the poisoner and the FT picked the goon last night. which one counts as first", kb
    )
    assert "red herring" not in first_sentence(answer)
    assert answer["verdict"]["answer"] != "storyteller"


def test_how_to_run_and_night_order_lead_plainly(kb):
    assert first_sentence(ask("how do I run the Chambermaid", kb)).startswith(
        "To run the Chambermaid: "
    )
    night = ask("does the poisoner go before the monk", kb)["verdict"]
    assert night["text"].startswith("Yes: by the official night sheet")
    assert night["because"][0]["source"] == "nightsheet.json"


@pytest.mark.parametrize("name", ["Chambermaid", "Kazali", "Leviathan", "Undertaker"])
def test_how_to_run_leads_with_a_storytellers_step_not_the_ability(kb, name):
    answer = ask(f"how do i run the {name.lower()}", kb)
    lead = answer["verdict"]["because"][0]
    assert kb.rulings[lead["id"]]["section"] != "ability", lead
    # a step the storyteller takes: at night, or while setting up ("remove all Minion tokens")
    step = r"\b(?:wake|place|mark|put|show|announce|remove|add|setting up|set up)\b"
    assert re.search(step, lead["quote"], re.I), lead


def test_a_how_to_run_question_with_a_situation_answers_the_situation(kb):
    answer = ask("no execution today do i wake the undertaker", kb)
    assert answer["understood"]["kind"] == "how-to-run"
    assert not answer["verdict"]["text"].startswith("To run the")
    assert "no execution" in answer["verdict"]["because"][0]["quote"].lower()


def test_a_quiet_replay_does_not_lead_a_question_about_something_else(kb):
    # the Town Crier question is about what they learn: "Nobody dies" would answer nothing
    # (and the replay, which plays no rule of the Town Crier's, is not shown at all)
    answer = ask("town crier - only the demon nominated today. is it a yes or a no tonight?", kb)
    assert not answer["verdict"]["text"].lower().startswith("nobody dies")
    # a question about a death keeps it
    guarded = ask("monk protects the soldier and the imp attacks him", kb)["verdict"]["text"]
    assert "does not die" in guarded


def test_the_yes_no_asked_ends_at_its_question_mark(kb):
    # the guides' disagreement told after "?" ("only kills are blocked") is no death asked:
    # the No Dashii's kill of a filler in the replay answers nothing
    answer = ask(
        "The Soldier is one of the no dashii's two nearest Townsfolk. Is the Soldier poisoned?"
        " One guide says the Soldier is protected from every harmful Demon effect, but the"
        " other says only kills are blocked.",
        kb,
    )
    assert " dies" not in answer["verdict"]["text"].split(".")[0]
    assert answer["understood"]["conditions"] == {}  # what the guides say is not the game's
    assert answer["understood"]["asked"]["soldier"] == ["poisoned", "protected"]


def test_what_the_replay_had_to_assume_does_not_lead_the_verdict(kb):
    # a Traveller's alignment, set only to seat one, is not the storyteller's choice asked about
    voudon = ask(
        "voudon in play, alive players put their hands up during the vote. do they count", kb
    )
    assert "alignment" not in voudon["verdict"]["text"]
    # (a replay that plays no vote plays nothing asked: none is shown)
    assert voudon["replay"] is None
    # nor is a refusal for words the question could not give (the Judge's "pass" or "fail")
    judge = ask("if the judge pardons someone do the votes they got still count", kb)
    assert "refuses" not in judge["verdict"]["text"]
    assert judge["replay"] is None  # a request the engine could not take plays no rule
    # "the imp is the demon" says who someone is, not whom they act on
    gossip = ask("gossip says the imp is the demon, what happens", kb)
    assert "killed themself" not in gossip["verdict"]["text"]


def test_no_replay_means_no_summary(kb):
    verdict = ask("how do I run the Chambermaid", kb)["verdict"]
    assert verdict["replay_summary"] == []


def test_phrasing_keeps_the_sources_words():
    said = ["If the Imp pointed to themself, the Imp dies.", "Ben (Imp) dies."]
    assert joined(said) == "If the Imp pointed to themself, the Imp dies; Ben (Imp) dies."
    assert clause('"You can\'t die."') == "you can't die"
    assert with_aside("It works.", "note") == "It works (note)."


def test_the_search_page_shows_what_the_verdict_rests_on(client, kb):
    html = client.get("/search", query_string={"q": "drunk monk vs assassin"}).get_data(
        as_text=True
    )
    because = ask("drunk monk vs assassin", kb)["verdict"]["because"]
    listed = re.search(r'<ul class="because muted"[^>]*>(.*?)</ul>', html, re.S)
    assert listed, "the rulings behind the verdict are listed under it"
    assert listed.group(1).count("<li ") == len(because)
    assert f'data-ruling="{because[0]["id"]}"' in listed.group(1)


def test_every_evaluation_question_gets_a_short_plain_verdict(kb):
    for line in (Path(__file__).resolve().parent / "eval" / "ask.jsonl").read_text(
        encoding="utf-8"
    ).splitlines() + (Path(__file__).resolve().parent / "eval" / "ask_dev_b.jsonl").read_text(
        encoding="utf-8"
    ).splitlines():
        question = json.loads(line)["q"]
        text = ask(question, kb)["verdict"]["text"]
        assert len(split_sentences(text)) <= 2, (question, text)
        assert not FILE_REFERENCE.search(text), (question, text)


def test_a_set_up_choice_the_replay_had_to_make_does_not_lead(kb):
    # the replay must pick Xaan's X to play at all; the question is not about it
    answer = ask("xaan drunk on night x. does the poison just happen next night instead?", kb)
    assert not answer["verdict"]["text"].startswith("Your choice")
    # the replay of a drunk Xaan with X chosen plays nothing else: it is not shown
    assert answer["replay"] is None


def test_the_execution_a_question_states_is_not_its_news(kb):
    answer = ask("spy got executed on day 2. is the damsel still poisoned", kb)
    assert "(Spy) dies" not in answer["verdict"]["text"]
    assert answer["verdict"]["text"].startswith("Yes: the jinx decides it")


@pytest.mark.parametrize(
    "question, answer",
    [
        (
            "heretic and baron are both on my script. can they both be in play in the same game?",
            "no",
        ),
        ("can heretic + pit hag both be in the game?", "no"),
        ("heretic with widow, how does it work", "info"),  # not asked whether
    ],
)
def test_a_jinx_that_keeps_a_pair_apart_answers_whether_both_can_play(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert "only 1 jinxed character can be in play" in verdict["text"]


@pytest.mark.parametrize(
    "question, answer, says",
    [
        ("does the monk wake n1", "no", "wakes on nights after the first (step"),
        ("does the po wake on n1 at all?", "no", "Demon info step"),
        ("does the washerwoman wake n2", "no", "it wakes on the first night (step"),
        ("does the soldier wake n1", "no", "on neither night's sheet"),
        ("does the pukka wake on night 1 too?", "yes", "the Pukka chooses a player"),
        # acting at night is waking
        ("pukka on n1 - does it actually act first night", "yes", "the Pukka chooses a player"),
        # told dead, without a "still": the step is for a living Empath
        ("does the dead empath wake n2", "no", "the Empath is dead"),
        # a step the sheet makes conditional is neither yes nor no
        ("does the ravenkeeper wake on night 2", "info", "if the Ravenkeeper died tonight"),
        # ... unless the question tells the condition: its own death tonight
        (
            "rk died n4 but it wasnt the demon, it was a minion kill. does he still wake?",
            "yes",
            "if the Ravenkeeper died tonight",
        ),
        ("rk died last night, do i wake him tonight", "info", "if the Ravenkeeper died tonight"),
        # the Undertaker's condition is an execution, which the question tells of today
        ("no exe today, do i wake undertaker?", "no", "only if a player was executed today"),
        ("vote failed so no exe, do i still wake the undertaker", "no", "Undertaker is step"),
    ],
)
def test_whether_a_character_wakes_on_a_night_comes_from_the_night_sheet(
    kb, question, answer, says
):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert says in verdict["text"]
    assert ":reminder" not in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "widow poisoned herself n1. do i still wake a good player to tell them",  # not hers
        "when does the monk wake",  # no night named
        "does the ravenkeeper wake tonight",  # "tonight" alone names no night on the sheet
    ],
)
def test_the_night_sheet_says_no_only_of_a_named_night_for_a_character_it_covers(kb, question):
    assert ask(question, kb)["verdict"]["answer"] != "no"


def test_a_character_off_the_night_sheet_is_answered_no_by_its_own_ruling(kb):
    """The homebrew Gargan has no place on the night sheet to say no from; its own ruling
    denies it, in its main clause (verdict.settled)."""
    verdict = ask("does gargan wake up on night 2?", kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "does not wake for it's ability on the first or second nights" in verdict["text"]
    assert "night sheet" not in verdict["text"]


def test_a_death_that_hung_on_a_default_choice_is_not_a_yes_or_no(kb):
    # the replay must choose whether the Tinker dies; it took "no", which decides nothing
    answer = ask("can i kill the tinker if the monk protected him", kb)
    assert answer["verdict"]["answer"] == "storyteller"
    assert answer["verdict"]["text"].startswith("Your choice: whether")


def test_the_one_who_nominates_in_the_active_is_the_nominator(kb):
    # not a filler nominating, and no night attack on the Thief to play "does the thief die"
    answer = ask("the thief nominated the virgin. does the thief die", kb)
    thief = name_of(answer, "thief")
    played = answer["verdict"]["replay_summary"][0]
    assert f"{thief} nominates" in played and "chooses " + thief not in played
    assert answer["verdict"]["answer"] == "no"
    assert "is not a Townsfolk: nothing happens" in answer["verdict"]["text"]


def test_losing_something_is_not_losing_the_game(kb):
    question = "fool drunk n3 and demon kills him. does he lose the once per game save"
    assert ask(question, kb)["verdict"]["answer"] != "no"
    assert ask("saint executed, does good lose", kb)["verdict"]["answer"] == "yes"


@pytest.mark.parametrize(
    "question",
    [
        "mastermind already dead when the demon gets exed, do we still play the extra day",
        "klutz got turned evil earlier, now dies and points at an evil player. who wins??",
        "snake charmer got the imp, who is poisoned now",
        "butler voted without his master, do i count it",
    ],
)
def test_the_verdict_claims_to_follow_the_more_authoritative_side_only_when_it_does(kb, question):
    answer = ask(question, kb)
    verdict = answer["verdict"]
    if ", the more authoritative)" not in verdict["text"]:
        return
    resting = kb.authority.get(verdict["because"][0]["source"], 1)
    sides = answer["conflicts"][0]["sides"]  # the disagreement the aside speaks of
    assert all(resting >= kb.authority.get(s["source"], 1) for s in sides), verdict


def test_a_worked_example_is_quoted_through_its_outcome(kb):
    # the example's first sentence only sets up the case; its outcome is the answer
    text = ask("sleeper just got killed by the imp, what do i actually do with them", kb)[
        "verdict"
    ]["text"]
    assert "The Sleeper is killed by the Imp's ability" in text
    assert "the Sleeper lives, is woken and chooses" in text


def test_no_second_voice_where_the_deciding_sentence_speaks_of_everyone(kb):
    question = "carnage picks the librarian but monk protected him, and butler picked him too"
    text = ask(question, kb)["verdict"]["text"]
    assert "Both the Monk and the Butler die" in text
    assert "no death tonight" not in text  # the Monk's own line, which would contradict it


@pytest.mark.parametrize(
    "question, not_lead",
    [
        # a filler's choice (the Washerwoman seated to fill the table)
        ("poisoner poisoned herself n1 lol, whats the effect", "Your choice"),
        # a yes/no question the replay's choice of babysitter does not answer
        ("lil monsta babysitter is poisoned, does the kill still happen", "Your choice"),
        # a filler's information, even about a named player
        ("widow poisoned herself on n1, does a good player still learn theres a widow", "learns"),
    ],
)
def test_what_the_replay_had_to_do_anyway_does_not_lead(kb, question, not_lead):
    text = ask(question, kb)["verdict"]["text"]
    assert not_lead not in text.split(" (")[0].split(".")[0], text  # not the aside's note


def test_a_named_characters_choice_still_leads(kb):
    text = ask("so my drunk chef woke up and im not sure what number to give him?", kb)["verdict"][
        "text"
    ]
    assert text.startswith("Your choice: what Ann is told as the Chef")


def test_a_death_the_question_states_does_not_answer_whether_someone_dies(kb):
    # the Gossip's own death is the premise; the replay has no one else die
    question = "gossip said a true thing today then got exed and died. does someone still die"
    assert ask(question, kb)["verdict"]["answer"] != "yes"


def test_is_x_allowed_is_answered_by_what_the_engine_refuses(kb):
    question = (
        "The Zombuul 'died' yesterday and is now registering as dead. Is the DA allowed "
        "to choose the Zombuul, so that they survive if they are executed?"
    )
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "chooses an alive player" in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "poisoned saint gets exed, does good lose?",
        "the mastermind died yesterday and we exed the imp. extra day or do good win?",
    ],
)
def test_a_yes_or_no_always_says_what_it_rests_on(kb, question):
    text = ask(question, kb)["verdict"]["text"]
    assert not re.match(r"(?:Yes|No): [.;]", text), text


def test_a_question_of_its_own_is_answered_by_the_rulings_not_the_replay(kb):
    # the replay cannot build what the question tells (the Tea Lady protecting a neighbour
    # from an execution); its outcome is in the summary, the rulings lead
    text = ask("tea lady both neighbours good, can one of them still get executed and die?", kb)[
        "verdict"
    ]["text"]
    assert not re.match(r"\w+ \([^)]*\) (?:dies|does not die)", text), text


@pytest.mark.parametrize(
    "question",
    [
        # "the Demon dies" in the deciding sentence is not the Mastermind dead
        "mastermind died couple days ago, demon got executed today. do we get the extra day",
        "pacifist dead, still saving good ppl?",  # "still <doing>" asks whether it goes on
    ],
)
def test_a_dead_characters_ability_ends_by_the_rule_of_the_game(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert "they immediately lose their ability" in verdict["text"]
    assert any(b["source"] == "glossary.json" for b in verdict["because"])


def test_a_characters_own_word_on_its_death_comes_before_the_general_rule(kb):
    # the Xaan's own "If Xaan dies before night X, the ability never fires" answers it
    verdict = ask(
        "xaan was executed and died day 1, there are 2 outsiders. does the poison still go off", kb
    )["verdict"]
    assert "never fires" in verdict["text"]
    # 000's word on the Witch's death (since the learned ranker, 2026-12-01; before it, the
    # glossary's general rule)
    verdict = ask("witch cursed the empath, then the witch died. does the curse still work", kb)[
        "verdict"
    ]
    # (a no since 1ae1254: the rule that a dead one's ability stops, asked of one told dead)
    assert verdict["text"].startswith("No: when the Witch is dead, the ability stops and any curse")
    assert verdict["answer"] == "no"


def test_an_ability_that_works_in_death_gets_no_such_rule(kb):
    # the Banshee's ability is about the Demon killing her
    text = ask("banshee was killed by the demon, does she still get to nominate twice", kb)[
        "verdict"
    ]["text"]
    assert "they immediately lose their ability" not in text


def test_a_message_asking_two_things_gets_both_answered(kb):
    text = ask(
        "i see dead people fabled - poisoned ppl dont wake at all? and i dont announce deaths?",
        kb,
    )["verdict"]["text"]
    assert "Poisoned players don’t wake up" in text
    assert "doesn’t announce deaths" in text


def test_what_an_information_character_learns_leads_when_the_question_checks(kb):
    text = ask("poisoned FT checks the recluse", kb)["verdict"]["text"]
    assert "in the replay, Ann (Fortune Teller) learns" in text


@pytest.mark.parametrize(
    "question, answer",
    [
        # the yes/no is read from the last sentence that asks it, after a situation told
        (
            "Moonchild was poisoned when they died and at dawn they pick a good player. "
            "Does that player die?",
            "no",
        ),
        ("heretic is dead. does the win still flip at the end?", "yes"),
        # the outcome's own clause carries the negation: "can die ... and cannot force ..."
        ("vizier is poisoned today and gets executed. do they die?", "yes"),
        # an either-or question is no yes or no
        (
            "demon just got executed but the SW was poisoned at the time. does she still catch "
            "the demon or do good just win",
            "info",
        ),
        # a clause setting the scene is not what is asked: "once the blight dies"
        (
            "blight alive, an outsider gets exed and the tf next to them is poisoned. does it "
            "wear off once the blight dies",
            "info",
        ),
        # the outcome of the situation told ("died") is not the one asked; the deciding
        # sentence denies the one asked in its main clause: "nobody becomes drunk"
        (
            "sweetheart was drunk when we executed her and she died. do i still pick someone "
            "to be drunk rest of game",
            "no",
        ),
        # "still" asked, and the ability does nothing: no
        (
            "Barber was poisoned when he got executed. Do I still wake the demon for the "
            "haircut swap?",
            "no",
        ),
        ("saint was poisoned when the town executed him. does good still lose or nah", "no"),
        # "nothing happens" does not say whether the ability is spent; the sentence after it
        # does ("the ability is spent and the No Ability token is placed anyway")
        (
            "virgin is poisoned and a townsfolk just nominated her. does she still lose her "
            "ability",
            "yes",
        ),
    ],
)
def test_yes_or_no_is_read_from_what_the_question_asks(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_disagreement_the_verdict_quotes_says_what_each_side_says(kb):
    text = ask("tinker protected by monk can i still kill him", kb)["verdict"]["text"]
    assert (
        "the sources disagree: 000 makes killing a protected Tinker a judgement call; 001" in text
    )


def test_a_disagreement_beside_the_verdict_is_only_named(kb):
    # the No Dashii's dead-neighbour disagreement is not what this verdict quotes; the
    # Soldier's, whose side it quotes since the learned ranker, is said in full
    text = ask("no dashi poisons soldier nbr??", kb)["verdict"]["text"]
    assert "skips dead players" not in text
    assert "the sources disagree: 000 says the Soldier is only safe" in text


@pytest.mark.parametrize(
    "question, answer",
    [
        # a jinx decides a yes/no too, read from its last clause
        ("exo on yagga, do word kills still happen", "no"),
        (
            "cannibal nominated the princess, she got executed and died. "
            "does the demon kill tonight?",
            "no",
        ),
        ("pithag turned an evil player into cult leader. can the cult leader flip good", "no"),
        # a yes/no typed without its auxiliary
        ("saint exed but hes drunk. game over?", "no"),
        ("gambler guessing their own character legal?", "yes"),
        # not a yes/no: a "who" question, even short
        ("levi nominated the soldier and the town execute him. who wins?", "info"),
        # nor a qualifier after it ("if anyone?"); "or not?" still asks yes or no
        (
            "bodyguard knows the washerwoman. today the imp nominated the washerwoman and later "
            "the baron nominated her too. who dies from the bodyguard, if anyone?",
            "info",
        ),
        ("magican is alive. the demon still learns who is the marionete, or not?", "no"),
    ],
)
def test_yes_or_no_from_jinxes_and_short_questions(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question, answer",
    [
        # the best ruling's sentence does not say; another of the best three does
        ("goblin claimed goblin when nom'd and got exe'd but he was poisoned. evil win?", "no"),
        ("grandchild got executed, granny dies too?", "no"),
        # "if the Imp kills themself" is a premise, not an answer to "does the new imp kill"
        (
            "imp targets himself for the star pass - does the new imp also get to kill tonight?",
            "info",
        ),
    ],
)
def test_a_yes_or_no_comes_from_the_sentence_that_says_it(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question",
    [
        # "if the Saint dies by execution, the Saint's team loses" is no Yes for a night death
        # (the No comes from the sentence that denies it: see the test below)
        # nor "... you may choose that the Scapegoat is executed instead. The Scapegoat dies."
        # for a night kill; nor is "players do not learn the alignment of the Scapegoat when
        # they die" a No to dying
        "good scapegoat in play and the demon kills a good player at night. can i have the "
        "scapegoat die instead?",
    ],
)
def test_a_rule_on_an_execution_gives_no_yes_or_no_for_a_night_death(kb, question):
    assert ask(question, kb)["verdict"]["answer"] == "info"


def test_a_night_death_is_denied_by_the_sentence_that_says_so(kb):
    verdict = ask("saint dies at night to the demon, do they lose", kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "nor does a night death" in verdict["text"]


def test_a_once_per_game_ability_named_is_no_once_only_rule(kb):
    # "If they have already used a “once per game” ability, they may use that ability again"
    question = (
        "barista gave acts twice to someone who already burned their once per game. can they "
        "use it again?"
    )
    assert ask(question, kb)["verdict"]["answer"] != "no"


@pytest.mark.parametrize(
    "question",
    [
        "imp killed the gatekeeper tonight. does the imp wake a second time?",
        "ODE gatekeeper got killed by the imp last night. does the imp wake again for a 2nd kill?",
    ],
)
def test_a_kill_told_tonight_is_a_night_death_not_the_executed_example(kb, question):
    # "The Imp killed the Gatekeeper tonight. The Imp does not wake a second time tonight",
    # not the example whose Gatekeeper was executed ("The Imp is then woken a second time")
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "does not wake a second time" in verdict["text"]


def test_a_disagreement_names_the_side_it_follows_or_says_what_that_side_says(kb):
    follows = ask("alsaahir guessed wrong can she go again same day", kb)["verdict"]["text"]
    assert "this follows 002, the more authoritative" in follows
    # the verdict rests on the official night reminder, and says it is the side followed
    # (before the learned ranker it rested on 004's summary and quoted the official one)
    lunatic = ask(
        "6 player game with a lunatic, do i still do the fake demon info for them n1?", kb
    )["verdict"]
    assert lunatic["text"].startswith("No, with 6 players: if there are 7 or more players, wake")
    assert lunatic["answer"] == "no"
    assert "this follows the official text, the more authoritative" in lunatic["text"]
    assert lunatic["because"][0]["source"] == "roles.json"


def test_a_refusal_the_replay_brought_on_itself_is_no_news(kb):
    # the swap made Cat the Snake Charmer; the Imp's attack the replay had given Cat is moot
    verdict = ask("snake charmer got the imp, who is poisoned now", kb)["verdict"]
    assert "refuses" not in verdict["text"]
    assert not any("refuses" in s for s in verdict["replay_summary"])


@pytest.mark.parametrize(
    "question, answer",
    [
        # "is that legal" points back to what the sentence said before it
        ("DA wants to pick himself, is that legal", "yes"),
        # "though not on two nights in a row", asked of a second night running
        ("can the DA choose themselves? they also did it last night", "no"),
        # "does anyone die": "the Yaggababble does not kill tonight"
        (
            "exorcist picked the yagga tonight but they said the phrase like 3 times today, "
            "does anyone die",
            "no",
        ),
        ("heretic + baron same game ok?", "no"),
        # the short clause that asks, after the one that tells
        ("slayer shoots the lleech host, host die?", "yes"),
        ("i see dead people fabled, poisoned ppl still wake?", "no"),
        # "does X wake n1" typed without its auxiliary, from the night sheet
        ("exorcist wake n1?", "no"),
        # "..., is that ok?" asks leave: the scene's "counted" is no outcome asked about
        # (blind audit a8bc3bc: "No" from "none of the votes for them count")
        (
            "judge wants to pardon someone after the votes were already counted, is that ok? "
            "and can they do it on their own nom",
            "info",
        ),
        # using the ability on a night is waking for it (blind audit a8bc3bc)
        (
            "stowed away script, bone collector is a townsfolk in the bag. can they use it on "
            "night one",
            "no",
        ),
        ("godfather wake night 1?", "yes"),
        # players in a state, asked of those players: "Poisoned players don't wake up"
        ("we're playing with I See Dead People, do poisoned players still get woken?", "no"),
        # a rule whose condition is what the scene tells, word for word: "if any player is
        # marked DIED TODAY, do not wake the Zombuul"
        ("someone died today, zombuul wake tonight?", "no"),
        ("someone was executed and died today, do I still wake the zombuul tonight", "no"),
        (
            "does the zombul wake tonight if today we executed a player who was already dead? "
            "nobody actually died",
            "yes",
        ),
        # ... not a condition negated in the rule and told in the scene ("no player was
        # executed today" against "someone got executed today")
        (
            "3 alive incl mayor, someone got executed today but survived it. "
            "does the mayor win at dusk",
            "info",
        ),
        # the storyteller's kill asked as whether they die: "the Tinker cannot die ..."
        ("can i kill the tinker when hes protected?", "no"),
        # "neither half of the ability works", asked with a "still"
        (
            "mayor is poisoned and the demon went for him tonight, can i still bounce the kill",
            "no",
        ),
        ("no dashii poisoned, are the neighbours still poisoned", "no"),
        # poisoned, asked, and the jinx says so
        ("spy and damsel both in play, is the damsel just poisoned the whole game?", "yes"),
        # "healthy again" is what "no longer poisoned" says: yes (and "still poisoned": no)
        ("gremlin got exe'd, is the TF it poisoned healthy again?", "yes"),
        ("gremlin got exe'd, is the TF it poisoned still poisoned?", "no"),
        # a short ask ending "or nah" with no question mark
        ("saint is poisoned and gets exed today... evil win or nah", "no"),
        # "they can only die by execution": whether they die is a matter of how
        (
            "The Storm Catcher is out and the character it named is in play. That player was "
            "attacked by the Demon, which would normally kill them. Do they die?",
            "info",
        ),
        # either-or: no yes or no
        ("soldier - is he safe from ALL demon stuff or literally just the kill?", "info"),
    ],
)
def test_yes_or_no_read_from_more_ways_of_asking(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a short last clause without its auxiliary is a yes/no question the replay decides
        ("imp hits soldier but soldiers poisoned. dies?", "yes"),
        ("poisoned saint gets exe'd, evil win?", "no"),
        ("vortox is poisoned today and nobody got executed. evil win or no?", "no"),
        # "or no" a few words after the verb, no question mark (blind audit a8bc3bc)
        ("vortox is poisoned today and nobody got executed. evil wins at dusk or no", "no"),
    ],
)
def test_a_yes_no_question_typed_without_its_auxiliary(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_who_wins_is_not_a_yes_no_question(kb):
    verdict = ask("imp kills the mayor at night, who dies?", kb)["verdict"]
    assert verdict["answer"] not in ("yes", "no")


def test_a_disagreement_the_verdict_rests_on_neither_side_of_names_the_sides(kb):
    # the verdict quoted a Pukka ruling (004) and said "this follows 004, the more
    # authoritative" of a Soldier disagreement between 000 and 002 (blind audit 20e613d)
    text = ask(
        "pukka picks the soldier. is the soldier poisoned or not? books say different things", kb
    )["verdict"]["text"]
    assert "this follows 004" not in text
    # it rests on 002's side itself (before the learned ranker: on the Pukka's 004 ruling,
    # quoting 002's side after it)
    assert text.startswith("The Soldier is also protected from all other harmful effects")
    assert "this follows 002, the more authoritative" in text


def test_a_jinx_that_changes_who_wakes_is_in_the_night_order_answer(kb):
    # the night sheet says the Vizier is not woken on other nights; the jinx wakes them with
    # the Fearmonger (blind audit 20e613d: the verdict ignored it)
    verdict = ask("vizier + fearmonger on the same script, who wakes when", kb)["verdict"]
    assert "the jinx changes it: the Vizier wakes with the Fearmonger" in verdict["text"]
    assert any(b["source"] == "jinxes.json" for b in verdict["because"])


def test_nobody_dying_does_not_lead_an_answer_about_winning(kb):
    text = ask("vortox is poisoned today and nobody got executed. evil win?", kb)["verdict"]["text"]
    assert text.startswith("No: when the Vortox is drunk or poisoned")


def test_a_fabled_rule_leads_over_the_rule_it_sets_aside(kb):
    # blind audit a8bc3bc: the verdict opened with the Poisoner's "the Storyteller wakes them
    # ... as if they were not poisoned", which I See Dead People sets aside
    verdict = ask(
        "running i see dead people and the poisoner poisoned the empath. do i even wake the "
        "empath tonight",
        kb,
    )["verdict"]
    assert verdict["text"].startswith("No: poisoned players don’t wake up")
    assert "wakes them" not in verdict["text"]
    assert len(verdict["because"]) >= 2  # the rule set aside is still cited


def test_a_death_an_ability_turns_aside_is_not_read_as_one(kb):
    # blind audit a8bc3bc: "the first time they would die" was read as the Fool dead, and the
    # verdict opened with "If the Fool would die, they remain alive"
    answer = ask(
        "If the Fool is drunk the first time they would die, do they still have the save "
        "for later?",
        kb,
    )
    assert answer["understood"]["conditions"] == {"fool": ["drunk"]}
    assert "remain alive" not in answer["verdict"]["text"]
    assert "the sources disagree" in answer["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # blind audit a8bc3bc: the replay ended the game but the answer was typed info
        ("demon got executed while the MM was poisoned, does the game just end?", "yes"),
        ("evil twin: both twins alive and good just killed the demon. is it over??", "no"),
        ("saint got executed but hes poisoned rn, is the game over or not", "no"),
    ],
)
def test_whether_the_game_ends_is_read_from_the_replay(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_homebrew_character_that_moves_others_in_the_order_leads_the_night_order(kb):
    # blind audit a8bc3bc: the Salesman's distracted Poisoner was answered from the night
    # sheet alone, which has no step for the Salesman and said it was "not woken"
    verdict = ask("salesman picked the poisoner, when does the poisoner act now", kb)["verdict"]
    assert verdict["text"].startswith("The Poisoner acts last in the night order")
    assert "no step for the Salesman" in verdict["text"]
    assert "not woken" not in verdict["text"]
    assert {b["source"] for b in verdict["because"]} >= {"nightsheet.json"}
    assert verdict["because"][0]["source"].startswith("003_")
    # an official character not on a night's sheet is still "not woken" that night
    night = ask("does the exorcist go before the imp", kb)["verdict"]
    assert night["text"].startswith("Yes: by the official night sheet")


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # blind audit 991d9df: right, but "info" for a yes/no question
        ("can the beggar even get drunk or poisoned? evil keeps targeting them", "no"),
        (
            "juggler did his 5 guesses day 1 then got exe'd and died. does he still get his number",
            "no",
        ),
        ("vigor killed the mastermind, then vigor gets exed. does dead mm keep the ability", "yes"),
    ],
)
def test_an_outcome_said_by_its_auxiliary_or_its_object_answers_yes_or_no(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_step_for_a_death_tonight_says_no_to_an_execution_today(kb):
    # blind audit 991d9df: "If the Ravenkeeper died tonight, wake them" was quoted without
    # the No it gives an executed Ravenkeeper
    verdict = ask("RK got executed today, does he wake tonight to pick someone", kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "only if the Ravenkeeper died tonight" in verdict["text"]
    assert ask("ravenkeeper died tonight, do i wake him", kb)["verdict"]["answer"] == "yes"


def test_a_jinx_on_registering_answers_whether_one_can_register(kb):
    # blind audit 991d9df: "the Recluse might register as the Demon to the Sage", labelled info
    question = "recluse and sage both in. imp kills the sage, can the recluse register as the demon"
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert "might register as the Demon to the Sage" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "stowed away script, bone collector brings back a dead player's ability. how long do "
            "they keep it",
            "until dusk",
        ),
        (
            "djinns bargain - someone chose to die after nominating. how long does the nominees "
            "double ability last",
            "until dusk tomorrow",
        ),
    ],
)
def test_how_long_is_answered_by_the_sentence_saying_until_when(kb, question, said):
    assert said in ask(question, kb)["verdict"]["text"]


def test_a_characters_own_they_chooses_themself_in_the_deciding_sentence(kb):
    # the Sailor's own ruling says "they": "If they choose themself, they lose their 'cannot
    # die' ability until they become sober"
    # (and, being the case the question tells, it answers: he can die)
    verdict = ask("the sailor point at himself. so now he can die or no?", kb)["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]
    assert "if they choose themself, they lose their" in verdict["text"].lower()


def test_the_drunk_one_said_of_a_pronoun_is_that_players(kb):
    question = (
        "sailor picked himself last night so hes the drunk one, and the demon went for him. "
        "he actually dies right"
    )
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert verdict["text"].startswith("Yes: Ann (Sailor) dies")


def test_an_example_killing_someone_said_to_be_dead_is_not_the_deciding_case(kb):
    # blind audit 991d9df: "stuntman is dead ... does his thing still fire" was answered with
    # an example's outcome, "The Stuntman dies"
    text = ask("stuntman is dead and nobody would die tonight. does his thing still fire?", kb)[
        "verdict"
    ]["text"]
    # (the engine plays the Stuntman since 2026-12-07: its replay leads)
    assert text.startswith("Yes: ") and "though the Stuntman is dead" in text, text
    assert "The Stuntman dies" not in text
    # a death the question tells is the example's own case
    text = ask("assassin killed the trapper last night. does a minion die as well", kb)["verdict"]
    assert "Trapper" in text["text"]


def test_a_registration_the_question_does_not_ask_about_is_no_storytellers_choice(kb):
    # blind audit 991d9df: "do i keep showing the dead spy the grim" was labelled "Your
    # choice" for the Spy ability's "might register"
    verdict = ask("spy died yesterday. do i keep showing him the grim every night", kb)["verdict"]
    assert verdict["answer"] == "info"
    # with the Virgin looking at the Spy, how the Spy registers is the choice
    assert ask("spy noms the virgin does the spy die", kb)["verdict"]["answer"] == "storyteller"


def test_a_players_may_in_the_printed_ability_is_not_the_storytellers_choice(kb):
    # blind audit 991d9df: "you may choose a player that voted" is the Gunslinger's choice
    question = "first time running the gunslinger. when can he shoot and who is he allowed to pick"
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "info"
    assert not verdict["text"].startswith("Your choice")


def test_a_jinx_saying_who_remains_answers_whether_that_one_becomes_another(kb):
    # blind audit 991d9df: "the Scarlet Woman remains the Scarlet Woman", labelled info
    question = "fang gu jumps into an outsider with 7 alive. does the SW become a second demon"
    assert ask(question, kb)["verdict"]["answer"] == "no"
    # the jinx says nothing of whether the Outsider becomes the Fang Gu
    question = "fang gu jumps into the klutz, SW alive, 7 up. does the klutz become the fang gu?"
    assert ask(question, kb)["verdict"]["answer"] != "no"


def test_the_same_number_said_to_still_hold_answers_yes(kb):
    # blind audit 991d9df: "they still choose three players tonight", labelled info
    question = "po chose no one last night but he was poisoned. does he still get 3 kills tonight"
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert "they still choose three players tonight" in verdict["text"]


@pytest.mark.parametrize(
    "question, said",
    [
        # blind audit 991d9df: answered "wake them at the next opportunity", every Ravenkeeper
        # ruling being about dying
        (
            "rk died in the night, i woke him and he pointed at himself. what do i show him",
            "They may point to themself, in which case they see their own character",
        ),
        (
            "sailor pointed at himself so i made him the drunk one. can the demon kill him now?",
            "If they choose themself, they lose their",
        ),
    ],
)
def test_choosing_itself_decides_among_the_scenes_conditions(kb, question, said):
    text = ask(question, kb)["verdict"]["text"]
    # (after what the replay shows learned, where "what do i show him" asks it; or beside
    # the replay's outcome: "Yes: Ann (Sailor) dies. ...; if they choose themself, ...")
    lead = "Ann (Ravenkeeper) dies; Ann (Ravenkeeper) learns ravenkeeper (reliable). "
    assert text.removeprefix(lead).startswith(said) or f"; {said.lower()}" in text


def test_the_unnamed_demons_attack_on_a_pronoun_is_played(kb):
    # "can the demon kill him now": the Demon's attack on the Sailor, played (was the rule
    # alone, info); a drunk Sailor dies
    verdict = ask(
        "sailor pointed at himself so i made him the drunk one. can the demon kill him now?", kb
    )["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]
    assert verdict["text"].startswith("Yes: Ann (Sailor) dies."), verdict["text"]
    # "the demon attacked her" after a Chef told poisoned: the attack is played on a later
    # night (was the first night, no attack, and "No: Ann (Chef) does not die")
    verdict = ask(
        "the chef was poisoned by the poisoner and the demon attacked her. is she dead", kb
    )["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]
    assert verdict["text"].startswith("Yes: Ann (Chef) dies."), verdict["text"]


@pytest.mark.parametrize(
    "question, answer",
    [
        # blind audit 18aa806: both answered "info"
        ("ODE sommelier died in the night. is the townsfolk they were copying still drunk", "no"),
        ("puzzlemaster died. is the guy they had drunk sober now?", "no"),
        ("philo died. is the guy he made drunk sober again?", "yes"),
        ("florist died last nite, one neighbour is evil. is the good one still drunk", "yes"),
        # either state asked: the first, the other being its contrary (the labellers split:
        # measured on the 2,760 answer labels, 10 more right types, 5 fewer)
        ("philosopher dies, does the drunk guy sober up or stay drunk all game", "yes"),
        ("philo died. is the guy he made drunk still drunk or sober again?", "no"),
    ],
)
def test_whether_a_player_is_still_drunk_is_answered_yes_or_no(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question, lead",
    [
        # blind audit 18aa806: the answer was only in the bracketed note
        (
            "no dashi's townsfolk neighbour died. does the poison stay on the dead TF or move to "
            "the next living townsfolk",
            "The No Dashii’s closest clockwise and counterclockwise Townsfolk neighbors are "
            "poisoned, regardless of whether they are alive or dead",
        ),
        (
            "mutant told me in the night 'i am outsider' lol. can i execute him at night or only "
            "in the day time? books say different",
            "At any time (even at night)",
        ),
    ],
)
def test_the_side_followed_answers_a_question_about_what_the_sources_disagree_on(
    kb, question, lead
):
    verdict = ask(question, kb)["verdict"]
    # (led by the yes or no the side followed gives, where it gives one)
    assert re.sub(r"^(?:Yes|No): ", "", verdict["text"]).lower().startswith(lead.lower())
    assert "the sources disagree" in verdict["text"]


def test_a_disagreement_about_something_else_leaves_the_verdict_alone(kb):
    # the No Dashii's dead neighbours are not what a drunk No Dashii and the Snake Charmer ask
    question = (
        "snake charmer picks the no dashii but the no dashii is drunk. does the swap still happen"
    )
    assert ask(question, kb)["verdict"]["text"].startswith(
        "Yes: if the Demon is drunk or poisoned, the swap still happens"
    )


def test_a_replay_without_the_killer_asked_about_does_not_answer_whether_it_kills(kb):
    # blind audit 18aa806: "No: nobody dies", from a replay with the Poisoner and no Gossip
    question = (
        "gossip made a true statment while the poisoner had them poisoned, poison wears off at "
        "dusk. does the gossip still get a kill?"
    )
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] != "no"
    assert "the Storyteller still kills a player" in verdict["text"]


@pytest.mark.parametrize(
    "question, answer",
    [
        # blind audit 18aa806: answered with the marking step, never whether it wakes
        (
            "zombuul got exed today, first time so its only 'dead'. does it wake up to kill or not",
            "no",
        ),
        (
            "zombuul executed day 2, registering as dead. nobody else died today, do i wake him",
            "no",
        ),
        (
            "does the zombul wake tonight if today we executed a player who was already dead? "
            "nobody actually died",
            "yes",
        ),
    ],
)
def test_whether_the_zombuul_wakes_follows_a_death_today(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert "only if no one died today" in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        # blind audit 18aa806: "Exiles are never affected by abilities ..." shared more words
        "bureau gave someone 3 votes last night and then got exiled before noms started. does "
        "that person still have the triple vote today",
        # blind audit of ask_holdout70-71: "keep triple votes" was not read as asked
        "bureaucrat got exiled mid day after giving someone the 3 votes. does that player "
        "keep triple votes for the rest of today",
    ],
)
def test_whether_a_thing_is_kept_is_decided_by_the_sentence_saying_it_is_lost(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(
        "No: the player with the triple vote loses it immediately if the Bureaucrat dies"
    )
    assert verdict["answer"] == "no"


@pytest.mark.parametrize(
    "question, answer",
    [
        # blind audit 18aa806: labelled info
        ("can the DA choose themselves again? they picked themselves last night too", "no"),
        ("DA chose himself last night, can he pick himself again tonight", "no"),
        # whether it may at all is asked first: not a plain no
        ("can the DA pick themself? and could they do it 2 nights in a row", "info"),
        ("can the DA pick himself again?", "info"),
    ],
)
def test_choosing_oneself_on_consecutive_nights_is_a_no(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question, leads",
    [
        # blind audit 18aa806: the poisoned host's information led a question about the slay
        ("slayer shoots the lleech host, which is the poisoned empath. what happens", False),
        ("monk protected the empath but empath is also poisoned. still safe from the imp?", False),
        # ... but it is the question where only the information character is named
        ("poisoned FT checks the recluse", True),
    ],
)
def test_a_poisoned_players_information_leads_only_where_it_is_asked(kb, question, leads):
    verdict = ask(question, kb)["verdict"]
    assert ("is told as the" in verdict["text"].split(".")[0]) is leads


def test_the_side_followed_answers_where_the_verdict_quoted_another_of_its_rulings(kb):
    # the verdict quoted 004's account of the Huntsman choosing the Damsel; 004's set-up
    # line is what the two sources disagree on
    question = "huntsman on the script, do i take out an outsider or a townsfolk to add the damsel"
    text = ask(question, kb)["verdict"]["text"]
    assert text.startswith("While setting up the game, before putting character tokens in the bag")
    # ... but not where another of its rulings speaks to the question more than the side
    question = (
        "philo chose a character thats in play so that player is drunk. philo just died - does "
        "the drunk player sober up?"
    )
    assert "becomes sober" in ask(question, kb)["verdict"]["text"].split("(")[0]


def test_a_two_part_question_gets_the_part_the_first_sentence_left(kb):
    # blind audit 18aa806: the bag was answered, whether to tell the players was not
    text = ask(
        "first time using the sentinel fabled. do i tell people its in play, and how do i "
        "change the bag",
        kb,
    )["verdict"]["text"]
    assert "add an Outsider token and remove a Townsfolk token" in text
    assert "declare that the Sentinel is in play" in text


def test_a_reminders_question_with_a_second_part_answers_it(kb):
    # blind audit 18aa806: the tokens were listed, whether the wrong one may be evil was not
    text = ask(
        "which reminders does washerwoman need, and can the wrong one be an evil player", kb
    )["verdict"]["text"]
    assert text.startswith("Reminder tokens for the Washerwoman: Townsfolk, Wrong.")
    assert "any type or alignment, evil included" in text


@pytest.mark.parametrize(
    "question, answer",
    [
        ("can the witch curse herself", "yes"),
        (
            "mutant is poisoned today and straight up says he's an outsider, can i exe him for it",
            "no",
        ),
        ("can the summoner make a pukka on n2 instead of waiting for night 3", "yes"),
        # "this information may be wrong" permits nothing
        (
            "what bluffs do i show the lunatic on n1, can they be characters that are actually "
            "in play",
            "info",
        ),
    ],
)
def test_a_permission_asked_is_answered_by_the_modal_before_the_same_verb(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question",
    [
        # blind audit eda37ef: "No: Ben (Chef) dies" ("he" read as the Tea Lady) and "No: Cat
        # (Chef) dies" (whether the Sailor's target died, for "does someone die")
        "tea lady was poisoned today and her good neighbour just got executed. does he die",
        "sailor made the gossip drunk and she said something true today while drunk. sailor "
        "drunk wears off at dusk so shes sober tonight - does someone die",
    ],
)
def test_no_headline_says_no_over_a_death_it_reports(kb, question):
    text = ask(question, kb)["verdict"]["text"]
    assert not (text.startswith("No:") and " dies" in text.split(".")[0])


@pytest.mark.parametrize(
    "question, not_said",
    [
        # a dead Pacifist: not the drunk-or-poisoned Pacifist's case
        ("pacifist is dead now, does their thing still save executed good ppl?", "drunk"),
        # a Traveller's nomination: not the drunk Virgin's "nothing happens"
        ("traveler nominated the virgin. nothing happens right?", "drunk"),
    ],
)
def test_no_one_drunk_or_poisoned_is_not_answered_from_that_case(kb, question, not_said):
    """The audit's commonest fault: the verdict quoted a sentence of the drunk-or-poisoned
    case (its paragraph opens on it) for a question with no one drunk or poisoned."""
    assert not_said not in ask(question, kb)["verdict"]["text"].lower()


def test_a_prohibition_is_not_the_storytellers_choice(kb):
    """ "You may not choose nobody": what the storyteller must not do, not a choice."""
    answer = ask("ojo names something not in play. am i allowed to just kill nobody", kb)
    assert answer["verdict"]["answer"] != "storyteller"
    assert not answer["verdict"]["text"].startswith("Your choice")


def test_the_choirboy_is_not_answered_from_the_drunk_choirboys_deception(kb):
    """From the audit: 'assassin took out the king. does the choirboy wake' was answered 'Your
    choice: you may also deceive them by waking them ...' (the drunk Choirboy's case)."""
    answer = ask("assassin took out the king. does the choirboy wake", kb)
    assert "deceive" not in answer["verdict"]["text"]
    assert answer["verdict"]["answer"] != "storyteller"


@pytest.mark.parametrize(
    "question, answer",
    [
        # the audit's Professor: "nobody is resurrected" left "used up?" unanswered
        ("prof was poisoned when they picked a dead townsfolk. is the ability used up now", "yes"),
        (
            "drunk slayer shoots the actual demon. nothing happens obv but is his shot used up??",
            "yes",
        ),
        (
            "virgin is poisoned and a townsfolk noms her. does she keep her ability for next time",
            "no",
        ),
        # either/or, the second half the first's undoing: the first is answered (a labeller
        # answered the same shape no, "... or is it used up")
        (
            "virgin was poisoned when nominated. does she still have her ability or is it gone",
            "no",
        ),
    ],
)
def test_whether_an_ability_is_spent_is_answered_by_the_sentence_after(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert "spent" in verdict["text"]


def test_a_rare_shared_word_weighs_more_than_a_common_one(kb):
    """The deciding sentence: sharing "alignment" with the question says more than "night"."""
    from service.answer.deciding import _weight

    assert _weight(kb, "align") > 1.0 > _weight(kb, "night") > 0.5
    assert kb.prefixes["night"] > kb.prefixes["align"] > 0


def test_the_side_followed_is_said_in_the_sentence_the_disagreement_quotes(kb):
    """From the audit: following 002 on the Courtier and Lil' Monsta, the verdict quoted 002's
    "The Minions decide by pointing to a player" (another sentence of the same paragraph)."""
    text = ask("can the courtier make lil monsta drunk?? its not even a player", kb)["verdict"]
    assert text["text"].startswith("No: Lil’ Monsta isn’t a player, so can’t be drunk or poisoned")


@pytest.mark.parametrize(
    "question, answer",
    [
        # the audit's Technocrat: the sentence says it of the Imp, by name
        ("technocrat still alive and we just executed the imp. does the imp die??", "no"),
        # the ruling tells a case that turns the other way ("... who dies as the Pleasantry
        # does not register as a Demon"): no yes or no from its first sentence
        (
            "pleasantry used its register as good thing and then attacked the soldier. does the "
            "soldier die",
            "info",
        ),
    ],
)
def test_an_interaction_is_answered_where_the_sentence_says_it_of_the_one_asked(
    kb, question, answer
):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_question_saying_its_sources_disagree_gets_the_side_followed_first(kb):
    """From the audit (twice): the Butler's illegal vote, 'my how to run notes and the
    almanac say opposite things', got the Butler's restriction, not 'tally it anyway'."""
    verdict = ask(
        "butler had his hand up but his master didnt vote. do i make him put it down and not "
        "count it, or just count it? my how to run notes and the almanac say opposite things",
        kb,
    )["verdict"]
    assert verdict["text"].startswith("If the Butler accidentally votes illegally, tally")


def test_whether_to_put_a_token_down_leads_and_shows_both_sides(kb):
    """From the audit: 'do i still put the no ability token on' opened 'Reminder tokens for
    the Fool: No Ability', which reads as 'place it', and hid that the sources disagree. It
    leads with a ruling on the token, the more authoritative side's (001), and gives 000's
    (no token: the ability is not spent) beside it."""
    text = ask(
        "fool was poisoned when the demon killed him. he just dies? do i still put the no "
        "ability token on",
        kb,
    )["verdict"]["text"]
    assert text.startswith("Either way, the Fool loses their ability—mark them with the NO")
    assert "the sources disagree: 000 says" in text and "without spending the ability" in text
    assert "this follows 001, the more authoritative" in text


def test_an_either_or_between_outcomes_leads_with_what_the_replay_shows(kb):
    """From the audit: '5 ppl alive but thats counting the thief ... does the SW catch it or is
    it game over' restated the five-or-more rule; the replay showed only 4 count."""
    text = ask(
        "5 ppl alive but thats counting the thief. imp just got executed - does the SW catch it "
        "or is it game over for evil",
        kb,
    )["verdict"]["text"]
    assert text.startswith("Only 4 players (not Travellers) were alive when the Demon died")


@pytest.mark.parametrize(
    "question, answer",
    [
        # the audit's Hydra: the number told is below the sentence's five or more
        ("hydra got exed with only 4 ppl alive, does a neighbour still turn into a hydra", "no"),
        ("doomsayer fabled - we are down to 3 alive, can somebody still use it", "no"),
        # two characters named, no death told: the rule's count decides it
        ("can the scarlet woman become the imp if there are 4 players alive", "no"),
        # the count told with its verb (was information: "4 players are alive" not read)
        ("can the scarlet woman become the demon if only 4 players are alive", "no"),
        (
            "hydra died tonight but only 4 players are alive. a neighbour becomes the new hydra?",
            "no",
        ),
        # enough alive is needed, not always enough: no yes from the number alone
        (
            "hydra got executed with 6 alive but both its neighbours are evil - does anybody turn "
            "into a hydra",
            "info",
        ),
    ],
)
def test_too_few_alive_is_a_no(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question, answer",
    [
        # "or not" at the end is a tag, not a negation
        (
            "cannibal nommed the princess day 2, princess got executed and died, so cannibal has "
            "princess now. does the demon kill tonight or not",
            "no",
        ),
        # the premise's own clause answers, not the sober case after a semicolon: "their
        # ability has no effect"
        ("leviathan was drunk when day 5 ended. evil win or not", "no"),
    ],
)
def test_or_not_is_a_tag_and_a_semicolon_ends_the_case(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_whether_an_ability_ever_goes_off_is_no_where_the_ruling_says_it_does_nothing(kb):
    verdict = ask("xaan in play but zero outsiders. does the xaan ever go off", kb)["verdict"]
    assert verdict["answer"] == "no" and "Xaan does nothing" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # blind A/B audit of c1dfdae: "he live?" was answered "No: ... cannot die by exile"
        (
            "stowed away game: deviant was genuinly funny today, town exed him anyway. he live?",
            "yes",
        ),
        # the same denial asked as dying is a no, asked as being safe a yes
        ("tea lady alive and both her neighbours are good. can the demon kill one of them", "no"),
        ("tea lady alive and both her neighbours are good. is the one on the left safe", "yes"),
    ],
)
def test_surviving_asked_of_a_rule_denying_death_is_a_yes(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question, answer",
    [
        # kept or lost, asked of something the sentence says is lost or kept
        ("bureaucrat got exiled today, does the guy he picked still have 3 votes", "no"),
        (
            "vigor killed the mastermind so mm kept their ability, now the vigormortis got "
            "exed. does the mastermind keep it",
            "yes",
        ),
        # a curly apostrophe denies as a straight one does ("Poisoned players don’t wake up")
        ("I See Dead People fabled is on. empath is poisoned tonight, do i even wake them?", "no"),
        # "this has no effect on the Lil' Monsta ability": the premise changes nothing
        ("lil monsta babysitter got poisoned by something, does a player still die tonight", "yes"),
    ],
)
def test_a_yes_or_no_read_from_what_is_kept_denied_or_unchanged(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question, answer",
    [
        # the outcome opposite to the one asked, its premise told: a no
        (
            "spirit of ivory already on no more evil and a good player says the mezepheles "
            "word. do they turn?",
            "no",
        ),
        ("technocrat alive and imp gets executed, dies?", "no"),
        # the very outcome asked, its premise told: a yes
        ("vortox killed the banshee last night, do i still announce it was the banshee", "yes"),
        (
            "djinns bargain fabled: someone nommed the slayer then chose to die. does slayer "
            "get 2 shots now",
            "yes",
        ),
        # ... but not where the question does not tell the premise ("If there are 7 or more
        # players", "alive, sober and healthy"), nor of a clause leaving out whom the question
        # is about ("the 1st non-Demon player") (a game's size below the one the premise needs
        # is a no of its own; the Gatekeeper killed tonight was not dead at dusk, and the
        # worked example says so: "the Imp does not wake a second time tonight")
        ("running lunatic n1 with only 6 players, do i still wake them", "no"),
        ("running lunatic n1 in an 8 player game, do i still wake them", "yes"),
        (
            "demon kills the gatekeeper tonight, does the demon get to go twice this same night",
            "no",
        ),
        # (the engine plays the Technocrat: poisoned, it keeps nobody alive, so the Demon the
        # replay seats dies; "If the Technocrat is alive, sober and healthy, ..." is the
        # sober one's rule)
        ("technocrat is poisoned and the demon gets executed. demon dies?", "yes"),
        # (the example's own "the Imp does not die on night 2" is the no)
        (
            "bodyguard's defended player got nominated by the imp, so does the imp die tonight?",
            "no",
        ),
    ],
)
def test_a_yes_or_no_from_the_outcome_said_where_its_premise_is_told(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question, answer",
    [
        # an auxiliary asking mid-sentence ("... does he die"), not after a wh-word
        ("sailor drunk and gets executed does he die", "yes"),
        (
            "sweetheart got executed today, but the poisoner had her poisoned. who do i make "
            "drunk?",
            "info",
        ),
        (
            "barber died in the day, and the demon is vigormorits but he is poisoned. he can "
            "still do the swap?",
            "yes",
        ),
        # a "when" clause with its own subject is a scene, not a wh-question; "is that legal"
        # at the end points back at the sentence
        ("sweetheart was poisoned when we executed her today do i still make someone drunk", "no"),
        ("DA picked himself 2 nights in a row is that legal", "no"),
        ("gambler pointed at himself and guessed gambler lmao is that legal", "yes"),
        # ... but "when exactly ... do i" and "where ... does" ask when and where
        ("imp killed the RK, when exactly in the night do i wake him to pick", "info"),
        (
            "salesman chose the poisoner tonight - when in the night does the poisoner wake now",
            "info",
        ),
        # a premise the question says is not so reads no yes or no from the sentence
        ("technocrat is dead now. if we exe the demon do they actually die this time", "info"),
        # registering as dead, a reminder's name, "as if they died": no death
        ("zombuul executed first time does it die", "no"),
        # pretending to be a Minion tells no Minion ("If a Minion guesses ..., evil wins"):
        # no yes; and "that doesn't count as a guess" denies the act told, not the win asked,
        # so it is quoted, not read as a no (verdict._speaks_of)
        (
            "the demon pretended to be a minion and publicly guessed the damsel, and got it "
            "right. does evil win??",
            "info",
        ),
    ],
)
def test_yes_or_no_asked_mid_sentence_and_premises_not_so(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_sobering_asked_of_a_rule_that_sobers_is_a_yes(kb):
    # a denial is no answer to "sober again?" ("no longer poisoned" says yes), so only the
    # rule saying the player becomes sober, its premise told, answers it
    verdict = ask(
        "philo chose savant so the real savant is drunk. philo died, is the savant sober again?", kb
    )["verdict"]
    assert verdict["answer"] == "yes"
    assert "becomes sober" in verdict["text"]
    assert "the sources disagree" in verdict["text"]


@pytest.mark.parametrize(
    "question, answer",
    [
        # the second alternative the first's contrary: the first is what is answered
        ("gargan - do i wake it on n2 or does it sit out", "no"),
        (
            "Saint was poisoned and got executed today. Does evil win or does the game keep going?",
            "no",
        ),
        # a denial of another's act is no answer ("the Demon cannot kill tonight")
        (
            "lycan picked a good player n3 so they die. gossip also made a true statement "
            "today. does the gossip kill go through too or does the lycanthrope block every "
            "other death tonight",
            "info",
        ),
        # not a bare negation: "you may not choose nobody" denies the second, not the first
        (
            "the ojo picked washerwoman last night but theres no washerwoman in this game. do i "
            "have to kill someone or can i just announce nobody",
            "info",
        ),
    ],
)
def test_an_alternative_that_is_the_contrary_leaves_the_first_asked(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question",
    [
        "pit hag just made a new demon. how do i handle deaths",  # "deaths ... are arbitrary"
        "amnesiac in play, how do i pick their ability during setup? any tips",  # "decide what"
    ],
)
def test_a_rule_telling_the_storyteller_to_decide_is_their_choice(kb, question):
    assert ask(question, kb)["verdict"]["answer"] == "storyteller"


def test_how_to_pick_quotes_what_guides_the_pick(kb):
    # "prepare a word" is the storyteller's to choose; asked how to pick it, the verdict
    # quotes the guidance for picking rather than the step that says to prepare one
    verdict = ask("puppetmaster - how do i pick the word", kb)["verdict"]
    assert "good players likely wouldn't say naturally" in verdict["text"]


def test_a_printed_choose_is_the_players_not_the_storytellers(kb):
    # "each night, choose an alive player" (the Snake Charmer's ability) and the Lunatic's
    # "arbitrary Minions" are no choice of the Storyteller's
    text = "snake charmer found the demon and they swap. who carries the poison after"
    assert ask(text, kb)["verdict"]["answer"] != "storyteller"


@pytest.mark.parametrize(
    "question, answer",
    [
        # blind audit of ask_holdout82-83: "bc someone died today" is the scene, no death asked
        (
            "zombuul got exe'd today and 'died' (life token flipped, no shroud). tonight do i "
            "wake the zombuul or no bc someone died today?",
            "info",
        ),
        # ... and "The Fall Guy becomes drunk" is the sober Fall Guy's, no yes for a poisoned one
        (
            "fall guy is in play and the sweetheart just died. do i HAVE to make the fall guy "
            "drunk? fall guy is poisoned rn if that matters",
            "info",
        ),
        (
            "fall guy in play and the sweetheart just died. do i HAVE to make the fall guy the "
            "drunk one",
            "yes",
        ),
    ],
)
def test_a_scene_after_bc_and_an_impaired_character_unsaid(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_file_at_odds_with_itself_is_no_more_authoritative_than_itself(kb):
    # blind audit of ask_holdout82-83: "this follows 003, the more authoritative" where every
    # side was 003's; asked about, the printed ability text is the file's word
    text = ask(
        "vengence - does it kill on night 1 or not? the card says each night* but the notes "
        "just say each night",
        kb,
    )["verdict"]["text"]
    assert text.startswith("Each night*, choose a player: they die.")
    assert "(within 003); this follows its ability text" in text
    assert "the more authoritative" not in text
    other = ask("titan know who demon is", kb)["verdict"]["text"]
    assert "(within 003)" in other and "the more authoritative" not in other


def test_the_first_time_is_a_premise_not_the_outcome() -> None:
    # "The first time the Zombuul would die, they remain alive": the main clause is the
    # survival, not the "would die" of its premise (a retrained ranking once chose it for
    # "zombuul executed first time does it die" and the verdict read a yes)
    from service.answer.verdict import _consequence

    said = "The first time the Zombuul would die, they remain alive."
    assert _consequence(said).strip() == "they remain alive."


def test_an_example_of_a_character_not_asked_is_not_the_deciding_sentence(kb) -> None:
    # "One example is Pit-Hag's 'deaths tonight are arbitrary': the Lil' Monsta is a valid
    # target to die" names a Pit-Hag the question does not
    from service.answer.deciding import _example_of_another
    from service.answer.retrieve import retrieve
    from service.answer.understand import understand

    u = understand("babysitter of lil monsta got poisoned, does someone still die", kb.vocabulary)
    found = next(f for f in retrieve(u, kb).rulings if "One example is Pit-Hag" in f.ruling["text"])
    sentence = next(s for s in split_sentences(found.ruling["text"]) if "Pit-Hag" in s)
    assert _example_of_another(sentence, found, u, kb)
    assert not _example_of_another("Lil' Monsta is not a player.", found, u, kb)


def test_a_death_the_zombuul_only_registers_is_no_death(kb) -> None:
    # the replay shows the Zombuul dead at its first death (registering as dead); asked
    # whether it dies, the rules answer: it does not, the Storyteller acts as if it did
    verdict = ask("the zombuul got executed for the first time, does he die?", kb)["verdict"]
    assert verdict["answer"] == "no", verdict["text"]
    assert "actually don’t die" in verdict["text"]


def test_a_death_at_night_is_not_answered_by_the_execution_case(kb) -> None:
    # one reading of "a death at night, no execution" for choosing the deciding sentence and
    # for the verdict: "at night" told is the demon's kill, not "... is executed, they die"
    question = "the storm catcher'd player gets hit by the demon at night, do they die"
    text = ask(question, kb)["verdict"]["text"]
    assert "is executed" not in text, text


def test_a_first_time_premise_must_be_told_for_a_yes() -> None:
    # "The first time a Fang Gu attacks and kills an Outsider, ... the Outsider becomes a
    # Fang Gu": its premise is "attacks and kills", which a survivor does not tell
    from service.answer.verdict import _premises

    said = (
        "The first time a Fang Gu attacks and kills an Outsider, the Fang Gu dies, and the "
        "Outsider becomes a Fang Gu and turns evil."
    )
    assert any("kills an outsider" in p.lower() for p in _premises(said))


def test_a_worked_example_of_an_execution_does_not_answer_a_death_at_night(kb) -> None:
    # "The Gatekeeper was executed today. Tonight, the Imp is woken ... The Imp is then woken
    # a second time": another case than a Gatekeeper the Imp killed in the night
    verdict = ask("imp killed the gatekeeper in the night. does the imp wake a 2nd time?", kb)[
        "verdict"
    ]
    assert verdict["answer"] != "yes", verdict["text"]


@pytest.mark.parametrize(
    "question, wrong",
    [
        # from ask_holdout91-92's answer labels: a "still" said of something else, with its
        # consequence denied ("so no more nominations occur today"), is no yes
        (
            "good scapegoat got executed instead of the guy we voted, can we still nominate today",
            "yes",
        ),
        # "the Soldier does not die" says where a moved kill ends, not whether it may be moved
        ("imp goes for the mayor, can I bounce the kill onto the soldier?", "no"),
        # "though not on two nights in a row", where last night's pick was someone else
        (
            "night 3, the DA wants to protect themself from execution tomorrow. last night they "
            "picked someone else. is picking yourself even allowed for the devils advocate?",
            "no",
        ),
    ],
)
def test_a_denial_of_something_else_is_no_answer(kb, question, wrong):
    assert ask(question, kb)["verdict"]["answer"] != wrong


@pytest.mark.parametrize(
    "question, answer",
    [
        # the "still" and what it opens are kept apart from an aside or an "even if" premise
        (
            "barber got executed today. fang gu is poisoned tho, does the fang gu still get to do "
            "the swap tonight",
            "yes",
        ),
        ("voudon in play, a dead guy already spent his vote token. can he still vote", "yes"),
        (
            "exorcist picked the po tonight but the po is drunk from the sailor. does the po still "
            "get skipped",
            "yes",
        ),
        ("can the DA pick themselves? they picked someone else last night", "yes"),
    ],
)
def test_a_still_said_of_the_asked_outcome_is_a_yes(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_pronoun_asked_for_an_unnamed_person_told_is_that_person(kb):
    # "do they" after "the person the pukka poisoned the night before": that person's death
    # in the replay answers, not the Pukka's (the Exorcist's choice) or whoever else acts
    question = (
        "exo picked the pukka. the person the pukka poisoned the night before - do they still "
        "die or nah"
    )
    assert ask(question, kb)["verdict"]["answer"] == "yes"
    # ... and a player told only as a named character's choice is still that choice
    told = "monk is poisoned and the imp attacks the player the monk chose. do they die"
    assert ask(told, kb)["verdict"]["answer"] == "yes"


@pytest.mark.parametrize(
    "question, answer",
    [
        # a permission asked, the rule giving it undenied: yes
        ("ceren wants to make someone mad theyre the goblin, goblin aint good. allowed?", "yes"),
        # ... not a permission restricted ("only dead players ... may") or given for something
        # the question says is not so ("a player that voted" for "someone who didn't vote")
        ("With the Voudon in play, are alive players allowed to vote at all?", "info"),
        ("gunslinger wants to shoot someone who didn't vote. allowed?", "info"),
    ],
)
def test_a_permission_asked_is_a_yes_where_the_rule_gives_it(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question",
    [
        # from ask_holdout94 (read after measuring): "a drunk or poisoned Lunatic changes
        # nothing" says the state is idle, so what is asked "still" (or "even") happens
        "lunatic has a drunk token on em rn. do i even bother waking them",
        "lunatic is drunk, do i still wake them",
    ],
)
def test_a_state_that_changes_nothing_leaves_the_asked_step_a_yes(kb, question):
    assert ask(question, kb)["verdict"]["answer"] == "yes"


def test_a_grandchild_said_unnamed_is_whom_the_demon_attacks(kb):
    # "her grandkid" is the Grandmother's grandchild: the replay stages the Demon's kill on
    # that player and shows what happens to the drunk Grandmother, not an attack on her
    answer = ask("demon kills grandmas grandkid tonight but grandma is drunk, does she die?", kb)
    trace = [step["text"] for step in answer["replay"]["trace"]]
    grandmother = name_of(answer, "grandmother")
    assert not any(t.endswith(f"attacks {grandmother}.") for t in trace), trace
    assert grandmother not in answer["replay"]["deaths"]
    assert answer["verdict"]["answer"] == "no"


def test_the_number_alive_said_in_people_is_the_replays(kb):
    answer = ask("imp got executed with only 4 people alive, does the sw become the imp?", kb)
    assert answer["verdict"]["answer"] == "no", answer["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "not_answer"),
    [
        # "the game ends there as normal" is no extra day going on
        ("demon executed while the mastermind was drunk, does the extra day still happen", "yes"),
        # a token's name ("Turns Evil") still given is no player turning evil
        (
            "mezepheles is poisoned tonight, someone said the word today. do they still turn evil",
            "yes",
        ),
        # a permission for "a player that voted" is none for one who did not
        ("can the gunslinger shoot a player who didnt vote", "yes"),
        # "does not have the ability" answers whether it is lost with a yes, not a no
        ("boffin is drunk, does the demon lose the townsfolk ability", "no"),
    ],
)
def test_a_sentence_about_something_else_gives_no_yes_or_no(kb, question, not_answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] != not_answer, verdict["text"]


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # the engine plays the Technocrat (ODE homebrew): poisoned or drunk, it keeps no
        # Demon alive through execution, and the unnamed Demon asked is the one the replay
        # seats (not the sober Technocrat's rule read as a yes or no: "If the Technocrat is
        # alive, sober and healthy, ... instead announce that they live")
        ("the technocrat is poisoned and the demon got executed, does the demon survive?", "No"),
        ("technocrat is poisoned today and the demon gets exed. does the demon die", "Yes"),
        (
            "technocrat is drunk today and the demon gets executed. does the demon actually die",
            "Yes",
        ),
        # (the question asked after a dash: "— does the imp actually die")
        ("technocrat got poisoned today, imp is about to be executed — does the imp die?", "Yes"),
        # ... and alive and sober, it does ("Cat (Imp) does not die: Ben's Technocrat
        # ability protects them from this execution")
        ("technocrat is alive and the imp gets executed. does the imp die", "No"),
    ],
)
def test_the_technocrat_is_played_by_the_engine(kb, question, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(f"{lead}: "), verdict["text"]
    assert "does not simulate" not in verdict["text"]
    if lead == "Yes" or "survive" in question:
        assert "Cat (Imp) dies" in verdict["text"] or "the Demon is dead" in verdict["text"]
    else:
        assert "Technocrat ability protects them from this execution" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "if the demon dies" is the premise, not the death asked: the Scarlet Woman's
        ("scarlett woman is already dead - does her thing still kick in if the demon dies", "no"),
        # "can the old demon die": a replay where the Demon lived shows nothing of whether it
        # could (arbitrary deaths: the storyteller's)
        (
            "pithag made a demon last night so deaths are arbitrary.. can i have nobody die? can "
            "the old demon die instead",
            "storyteller",
        ),
    ],
)
def test_the_unnamed_demons_death_asked_only_as_the_asked_subject(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question",
    [
        # "they can die during the day and cannot force an execution": the clause after
        # "and" denies another thing; "die" (three letters) is the verb asked
        "The Vizier is poisoned today, and the town executes them. Do they die, or does the "
        "can't-die-during-the-day part still apply?",
        # "they can die and nobody becomes drunk"
        "the imp attacked the sailor (Ruth) and she was drunk from her own pick on n3, does she "
        "die or is she still unkillable",
    ],
)
def test_a_death_granted_beside_another_denial_is_a_yes(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]


def test_a_denials_later_case_of_the_one_asked_is_no_no(kb):
    # "If no Minion is alive, nothing happens; if the Recluse registers as a Minion for an
    # ability that changes or promotes Minions, they may actually become that character": the
    # later case, the Recluse's, answers "can the recluse catch the starpass" (was "No")
    verdict = ask(
        "imp killed himself on n3 but both minions were already dead. recluse is still alive — "
        "can the recluse register as a minion and catch the starpass?",
        kb,
    )["verdict"]
    assert verdict["answer"] != "no", verdict["text"]
    assert "they may actually become that character" in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "chambermaid picks the gambler who wakes after her. do i count him?",
        "do i count people who havent woken yet for the chambermaid, night 3",
    ],
)
def test_a_night_order_question_of_what_to_do_is_answered_by_the_instruction(kb, question):
    # the night sheet says who goes when; "Count players who have not woken yet but will
    # wake later tonight" says what the storyteller asked
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]
    assert "count players who have not woken yet" in verdict["text"].lower()


def test_an_instruction_about_someone_else_answers_nothing(kb):
    question = "the imp kills the empath tonight, do i still wake the empath later for their number"
    assert ask(question, kb)["verdict"]["answer"] != "yes"


@pytest.mark.parametrize(
    "question",
    [
        # the replay's Faux Paw and red herring are set-up choices beside the point
        'the lycan killed a good guy tonight and the godfather chose someone. player asks "does '
        'the godfather kill still go thru?"',
        "FT picks the good guy whos babysitting lil monsta. yes or no",
    ],
)
def test_a_set_up_choice_sharing_only_a_common_word_does_not_lead(kb, question):
    assert ask(question, kb)["verdict"]["answer"] != "storyteller"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a denial of something else than the ask is quoted, not read as a no
        ("witch hunt script, is every minion a witch?", "info"),
        ("cerenovus died last night. does the player she made mad still have to stay mad", "info"),
        # a denial in the ask's own words, or of any effect, still is
        ("pumpkin is poisoned, can i still save the scary ppl from exe", "no"),
        ("rk got executed today, does he still get woken up to pick someone?", "no"),
    ],
)
def test_a_denial_answers_no_only_of_what_is_asked(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer, verdict["text"]


def test_a_no_to_whether_someone_dies_says_they_do_not(kb):
    # the replay's news is the grandchild's death; the answer is about the Grandmother
    text = ask("grandma is drunk and the demon kills her grandkid tonight. does gran die?", kb)[
        "verdict"
    ]["text"]
    assert re.match(r"No: \w+ \(Grandmother\) does not die; ", text), text


def test_sobered_by_one_of_the_alternatives_the_rule_gives(kb):
    # "If the Philosopher then dies or becomes drunk or poisoned, the player they are making
    # drunk becomes sober again": the death told is one of its cases
    question = (
        "philo chose the dreamer so the real dreamer is drunk. philo just died. dreamer sober now?"
    )
    assert ask(question, kb)["verdict"]["answer"] == "yes"


def test_a_death_asked_after_unable_to_is_answered(kb):
    # "is he still unable to die": the death asked (understood.asked), so the verdict answers
    # it from the Sailor's own rule on choosing themself; not a no from "While sober, the
    # Sailor cannot die", the rule for a Sailor the question does not tell of
    answer = ask("Can the sailor choose himself? And if he does, is he still unable to die?", kb)
    assert answer["understood"]["asked"] == {"sailor": ["dead"]}
    assert "If they choose themself, they lose their" in answer["verdict"]["text"]
    assert answer["verdict"]["answer"] != "yes"


@pytest.mark.parametrize(
    "question",
    [
        "lunatic on n3 - do i wake him before or after the actual demon",
        "does the poisoner act before the demon on n1",
    ],
)
def test_a_place_against_another_is_no_yes_from_the_sheet_step(kb, question):
    # where it stands against someone else, not whether it wakes that night
    assert ask(question, kb)["verdict"]["text"].startswith(("By the official", "Each night"))


def test_a_dead_character_does_not_wake_for_its_step(kb):
    # the night sheet's step is for a living Juggler: dead, it has lost its ability (the
    # glossary), which the verdict says rather than "Yes: ... step 84"
    answer = ask(
        "My Juggler made four guesses on day one and was then executed and died. Do they "
        "still wake that night to learn how many they got right?",
        kb,
    )
    assert answer["verdict"]["answer"] == "no"
    assert any(b["source"] == "glossary.json" for b in answer["verdict"]["because"])


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "If the Recluse is drunk or poisoned": told by either, the premise holds
        ("recluce is drunk. does he still ping as evil?", "no"),
        ("drunk recluse still ping as evil?", "no"),
        # "count as" is the ask's own words, no clause setting a scene ("as he died")
        (
            "chambermaid wakes before the mathematician. if she picks the math does he count "
            "as woken even tho he hasnt gone yet?",
            "yes",
        ),
        # a head shaken "no" is a gesture the rule describes, not a denial
        pytest.param(
            "barber got killed earlier tonight so im about to wake the demon for haircuts. can "
            "the demon choose himself as one of the two players?",
            "yes",
            marks=regressed(
                "the chooser prefers 'The Demon may not choose another Demon player to swap' "
                "to 'The Demon may choose themself to swap' (answers no)"
            ),
        ),
        # an alternative that is the first half's contrary leaves the first half the ask
        ("does the gargan wake n2 or does it only start on n3?", "no"),
        (
            "chef is drunk rn and the harpy picked him first last night (2nd was the monk). is "
            "he still mad about it or does being drunk cancel it",
            "yes",
        ),
    ],
)
def test_premises_told_by_either_case_and_asks_read_whole(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_premise_told_in_a_relative_clause_of_someone_unnamed(kb):
    # "A target who is drunk or poisoned is still made mad": its premise is the state the
    # question tells of the one picked, as "If a poisoned player ..." would be
    verdict = ask(
        "cere picked [sam] last night but sam is poisoned rn, does the madness still stick to him",
        kb,
    )["verdict"]
    assert verdict["text"].startswith("Yes: a target who is drunk or poisoned is still made mad")


def test_a_night_choice_of_one_who_also_acts_by_day_is_the_nights(kb):
    # the Cerenovus's pick told, no broken madness: no execution for it is played (was "Yes:
    # Ann (Chef) dies." before the rule)
    answer = ask("the cerenovus picked a drunk player. are they still mad?", kb)
    assert answer["verdict"]["text"].startswith("Yes: a target who is drunk or poisoned")
    assert not answer["replay"]["deaths"]
    # ... the madness broken told, the Storyteller's execution is played
    broken = ask("cere made someone mad and theyre clearly not trying. do i execute them", kb)
    assert broken["replay"]["deaths"]


def test_a_doing_asked_and_given_in_the_rules_words(kb):
    # "can the X do ...": the rule gives it in the ask's own words, unrestricted: yes
    question = (
        "custom script w cerenovus + goblin. can the cerenovus make someone mad that theyre "
        "the goblin?"
    )
    assert ask(question, kb)["verdict"]["answer"] == "yes"
    question = "grief striker's neighbour just got exed. can GS kill their other neighbour with it"
    assert ask(question, kb)["verdict"]["answer"] == "yes"
    # ... not where the ask says a night the rule does not ("may need to be woken tonight")
    assert ask("stowed away bone colector can they use it n1", kb)["verdict"]["answer"] != "yes"


def test_a_premise_of_either_impairment_and_one_of_drunkenness_alone():
    # "drunk or poisoned" is told by either; "drunk" alone only by drunkenness
    from service.answer.verdict import _told_premise

    assert _told_premise(" the snake charmer is drunk or poisoned", "snake charmer was poisoned")
    assert _told_premise(" the snake charmer is drunk or poisoned", "snake charmer was drunk")
    assert not _told_premise(" the philosopher's player is drunk", "the player was poisoned")


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "or only from n3": the alternative's own word makes it the first half's contrary
        ("gargan - does it wake on night 2 or only from n3", "no"),
        # "drunk or poisoned" is one state asked, not two alternatives
        (
            "Can the lil monsta itself be drunk or poisoned, separately from whoever is "
            "babysitting it? I've read conflicting answers on this.",
            "no",
        ),
        # the premise's list of states goes on past its first comma: "If the Technocrat is
        # alive, sober and healthy, and a Demon would die ..., instead announce that they live"
        ("technocrat alive and demon gets exed, does it die", "no"),
        # two numbered nights in a row are "two nights in a row"
        (
            "The Devil's Advocate chose themself on night 2. Are they allowed to choose themself "
            "again on night 3?",
            "no",
        ),
    ],
)
def test_alternatives_premises_and_nights_read_as_the_rule_means(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a yes/no ask typed without its auxiliary, up to ten words
        ("sanit is poisoned and just got exed gameover or not", "no"),
        ("poisoned sweatheart got executed. somebody becomes drunk from her or not?", "no"),
        # ... not a qualifier after a wh-question
        (
            "What do I show the Summoner on the first night, given that there is no Demon in "
            "play yet?",
            "info",
        ),
        # "or no death at all" is an alternative, not a tag
        (
            "imp went for the mayor and i want to bounce it onto the soldier. soldier dies or no "
            "death at all?",
            "info",
        ),
    ],
)
def test_asks_typed_without_their_auxiliary(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "The Soldier is also protected from all other harmful effects of the Demon's
        # ability, such as poisoning": poisoning asked is a no
        ("no dashi is sat right next to the soldier. is the soldier poisoned by it?", "no"),
        # ... the shield asked is not
        ("is the soldier safe from no dashii poison if hes one of the TF neighbours", "yes"),
    ],
)
def test_poisoning_asked_of_one_shielded_from_it(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "Living players die, and dead players are resurrected" (homebrew Kuma Lisa)
        (
            "kuma lisa chose one dead player and one living. the dead one comes back to life??",
            "yes",
        ),
        # "The Amnesiac is considered an Outsider character type"
        ("beautiful house script - the amnesiac counts as an outsider there right?", "yes"),
        # "..., if you believe that the Mutant is mad ..., then you can decide to execute the
        # Mutant": the storyteller's own judgement is no premise to tell; what follows "then"
        ("can i exe the mutant at night", "yes"),
        # "A dead player you chose last night might be regurgitated": possible, the
        # storyteller's to do
        ("shabbaloth picked someone already dead, can they be regurgitated?", "yes"),
        # "even if dead" of the misregistration, not of seeing the Grimoire
        ("does a dead spy still wake up to see the grim", "info"),
    ],
)
def test_outcomes_said_in_other_words_and_premises_the_storyteller_makes(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        ("spy and damsel on the same script, any jinx", "yes", "Yes, there is a jinx: "),
        ("is there a jinx between the chef and the empath?", "no", "No: the official jinx list"),
        # an aside to another ask is not the ask
        (
            "slayer shoots the lleech's host - does the host actually die? theres a jinx right",
            "yes",
            "Yes: ",
        ),
    ],
)
def test_whether_there_is_a_jinx_at_all(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)
    assert "Yes, there is a jinx" not in verdict["text"][len(lead) :]


def test_a_step_before_or_after_every_demon_on_the_sheet(kb):
    verdict = ask("does the monk wake before the demon", kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert "before every Demon (steps " in verdict["text"]
    # the Oracle (82) is after the killing Demons (39-55), before only the Riot (97) and the
    # Leviathan (99), which kill nobody at night: a yes that names the two
    verdict = ask("oracle wakes after the demon right?", kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert "but the Riot and the Leviathan" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "This player must get true information, even if a Vortox is in play"
        ("barista sober+healthy w vortox out, true info?", "yes"),
        # a denial asked, confirmed by the same denial: "Poisoned players don't wake up"
        ("I see dead people fabled - poisoned players dont wake at all??", "yes"),
        # "... and so nobody dies during the night"
        ("birdkeeper burned their once per game on the imp - so nobody dies??", "yes"),
        # "If the Summoner dies before the third night, no Demon is made": a "no" of the same
        # thing asked, its premise told by an earlier day
        ("summoner died on day 2 before summoning. is there just no demon for the rest?", "yes"),
        # ... not by a later night: the rule says nothing of it
        ("summoner died on night 3 after summoning. is there just no demon now?", "info"),
        # "if the player who chose the Goon is drunk or poisoned, the Goon's ability still
        # works": the Goon is not the one the premise makes poisoned
        pytest.param(
            "poisoned FT picked the goon n1. does the goon still take the FT's alignment",
            "yes",
            marks=regressed(
                "the verdict leads with the Fortune Teller's red herring rule, then the Goon's "
                "(info, where the Goon's rule alone answers yes)"
            ),
        ),
        # "If the Ravenkeeper was attacked at night but did not die, the ability does not
        # trigger" is no "no" for a Ravenkeeper told killed (the replay, which woke them, says
        # yes)
        ("ravenkeeper was killed by the imp tonight, do i wake him", "yes"),
        # "If the Sailor chooses a dead player accidentally, the Storyteller prompts them to
        # choose again": not allowed
        ("sailor allowed to pick a dead player?", "no"),
        # "they cannot nominate, they may vote with the Voudon": the denial is of another
        # thing, and the verb asked is given
        (
            "voudon in play. zombuul is registering as dead - can the zombuul vote with the dead",
            "yes",
        ),
        # "When the Tea Lady is drunk or poisoned, the protection does not work": a death
        # asked is a yes, safety asked a no
        ("tea lady is drunk, both her neighbours good - can they die?", "yes"),
        ("if the poisoner poisons the monk does the monk's target die", "yes"),
        ("the poisoner got the monk last night - is the person the monk chose still safe?", "no"),
        # "wake that character's player and show them ... the Barista token": an instruction
        # done to another than the Barista asked of; to the person asked of, a yes
        ("barista - how do i actually run it each night, do i wake the barista?", "info"),
        ("do i wake the barista at night?", "info"),
        ("barista, do i wake the person they picked and what do i show them", "yes"),
        ("matron swapped two peoples seats, do i swap their stuff in the grimoire too", "yes"),
        # a ", but" clause where only it speaks of what is asked: "The Saint is executed, but
        # the game does not end"; where the main clause does, it answers ("The Demon may
        # choose themself, but not another Demon")
        ("mixoligist in play and the saint just got exed. game over??", "no"),
        # ... and a win asked is the game's ending said
        ("mixologist in play n saint gets exed, evil win?", "no"),
        ("zombuul exe'd for the first time, do i put a shroud on him or not", "no"),
        (
            "The Barber died today. When I wake the Demon for the haircuts, can the Demon choose"
            " themself as one of the two players to swap?",
            "info",
        ),
        # leave asked in the first of alternatives, where the rule gives the choice: yes, as
        # you choose; not a duty asked first, nor a dead character's ability the rule does
        # not speak of in death
        ("sweetheart died. can i make a dead guy the drunk one? or the sweetheart herself", "yes"),
        # "the Tinker cannot die from their ability while protected from death" is no rule for
        # a Tinker the Monk protects (safe from the Demon only)
        (
            "tinker is monk protected, am i still allowed to kill him off with his own ability",
            "info",
        ),
        ("can i kill the tinker on a night the monk protected them", "info"),
        ("tinker is protected tonight, am i still allowed to just kill him", "no"),
        # "may count as" is no clause opening at "as": "The Pumpkin themself may count as scary"
        ("pumpkin: can the pumpkin player count as scary themselves?", "yes"),
        # a relative clause after the subject is read through, and is a premise: "An
        # Outsider who dies at night does not trigger it"
        ("outsider died at night to the demon. does GF get a kill tonight", "no"),
        # (a death "just dropped dead" today is played as the day's: the Godfather wakes)
        (
            "i killed the tinker during the day today, just dropped dead mid convo. does the "
            "godfather get a kill tonight",
            "yes",
        ),
        # a character's doing asked, which the rule gives: yes, by a name as typed too
        ("can the cerenovus make someone mad about the character they actually are", "yes"),
        ("can the ceren make somebody mad that theyre the goblin", "yes"),
        # "am i allowed ..." asks yes or no as "can i ..." does
        ("gumshoe - am i allowed to kill them during the day or only at night", "yes"),
        # a Poisoner's choice told poisons the Recluse: "When the Recluse is drunk or
        # poisoned, the misregistration stops" answers no (was info, quoting the sober
        # Recluse's "They may register as evil to the Empath")
        (
            "poisner picked the recluce this night. the empath wakes later and the recluse is one"
            " of his neighbours. am i still allowed to have the recluse show as evil to him",
            "no",
        ),
        ("am i allowed to make the sweetheart the drunk one or must it be someone else", "yes"),
        (
            "mutant basically outed himself in the night whispers lol. can i exe him rn at night"
            " or wait for day",
            "yes",
        ),
        (
            "pithag made a new demon tonight. do i have to kill whoever the demons pick or can i do"
            " whatever",
            "storyteller",
        ),
        (
            "pacifist died yesterday. good guy gets exe'd today, can i still let him live?",
            "storyteller",
        ),
        (
            "cursed (the ODE outsider) is dead. can i pop the most useful townsfolk in the middle"
            " of the day or is that night only",
            "yes",
        ),
        # ... and neither of something else asked: the Ravenkeeper's waking (which the
        # replay shows: the Ravenkeeper told dying is "he", and wakes)
        (
            "monk is drunk (courtier got him). he protected the RK and the imp went for the RK."
            " RK dies? does he wake?",
            "yes",
        ),
        # "... learn it on the final night, even if dead": still, for one told dead
        (
            "the uninitiated died on day two do they still get told their alignment at the end",
            "yes",
        ),
        # ... not "you might register as good ..., even if dead" for a dead Spy's Grimoire
        ("spy died last night. do i still wake him to look at the grim?", "info"),
        # once more asked, and "Each day, once only" said
        ("alsahir guessed wrong, can they go again same day?", "no"),
        # "If just 3 players live, you lose this ability": told by "down to 3 alive"
        ("were playing witch hunt and its down to 3 alive, does the witch curse still work", "no"),
        # the ask's own verb after its pronoun, said undenied: "Alive neighbours are the
        # nearest living player on each side, skipping the dead"
        ("empath nieghbour died yesterday, do i skip the dead one for tonights number", "yes"),
        ("first night with lil monsta, how do i set it up — do i skip minion info?", "yes"),
        # ... not a noun after a noun: "Put an extra Townsfolk or Minion token in the bag
        # instead of the Busboy token" is no yes
        ("busboy setup?? does the busboy token actually go in the bag", "info"),
        # "The Poisoner acts last in the night order, meaning the poisoning did not affect
        # any abilities": the main clause answers, not the denial in its upshot
        ("salesman picks the poisoner. does the poisoner go last in the night order?", "yes"),
        # the player it picks being drunk is not "When the Cerenovus is drunk or poisoned, no
        # madness is imposed" (no "no" from it), but "A target who is drunk or poisoned is
        # still made mad"
        pytest.param(
            "If the player the Cerenovus picks is drunk themselves, are they still under the "
            "madness requirement tomorrow?",
            "yes",
            marks=regressed(
                "the chooser prefers 'That player must be mad ...' to 'A target who is drunk or "
                "poisoned is still made mad' (info)"
            ),
        ),
        (
            "If the player the Cerenovus picks is drunk themselves, are they still under the "
            "madness requirement tomorrow, and can I still execute them for breaking it?",
            "info",
        ),
        # "... say so and let them ask again; the ability is not spent"
        (
            "artist grabbed me and asked 'who is the demon'. thats not a yes/no question lol. is "
            "her ability used up now?",
            "no",
        ),
        # "their vote is only counted if their master voted too", the master told not to
        (
            "organ grinder + butler, eyes closed vote, butler raised hand but master didnt. "
            "count it?",
            "no",
        ),
        # "The Umpire only learns their information when killed by a Demon ability"
        (
            "umpire got killed at night by a minion ability, not the demon. does he still learn "
            "the evil chars",
            "no",
        ),
    ],
)
def test_states_denials_and_conditions_the_rule_says_outright(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question, answer",
    [
        # a statement with a tag ("..., right?") asks that statement, where what follows only
        # draws its upshot ("so ...")
        ("the ravenkeeper wakes after the demon, right? so she can pick after dying", "yes"),
        ("so the oracle always goes after the demon right? so tonights deaths count", "yes"),
        ("the monk wakes after the demon, right? so his protection is too late", "no"),
        # a second question after it is not an upshot: the tag alone does not answer it
        ("the poisoner wakes after the demon right? and then what do i tell the empath", "info"),
    ],
)
def test_a_tag_question_asks_its_statement(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_still_impaired_asked_against_a_rule_that_sobers(kb):
    # "If the Philosopher then dies ..., the player they are making drunk becomes sober
    # again": to "still drunk?" a no, where the death is told (the sources disagree, and the
    # answer says so)
    verdict = ask(
        "philo took the sage, the sage is in play. philo got executed and died. sage still drunk?",
        kb,
    )["verdict"]
    assert verdict["answer"] == "no"
    assert "sources disagree" in verdict["text"]
    # no death told, no no
    assert (
        ask("philo took the savant on n2, the savant is in play. is the savant still drunk?", kb)[
            "verdict"
        ]["answer"]
        != "no"
    )


@pytest.mark.parametrize(
    "question",
    [
        # "declare that ..." is the storyteller announcing it: "At the start of the game,
        # declare that the Sentinel is in play"; "... declare that this player is executed but
        # remains alive"
        "sentinel is in play as a fabled, do i tell the players?",
        "sailor got executed but hes sober. do i announce he was executed?",
    ],
)
def test_a_rule_to_declare_answers_whether_to_announce(kb, question):
    assert ask(question, kb)["verdict"]["answer"] == "yes"


def test_an_ask_after_a_dash(kb):
    # a dash, as a phone types it, opens the ask as a comma does
    question = "evil twin died last night. good twin is on the block — does evil win if we execute?"
    assert ask(question, kb)["verdict"]["answer"] == "no"
    # the order the question tells before its ask is not what it asks ("the chambermaid goes
    # after the ravenkeeper": told; "does he count as woke": asked, which the sheet cannot say)
    question = (
        "the chambermaid goes after the ravenkeeper. the rk died tonight — does he count as"
        " woke for her?"
    )
    assert ask(question, kb)["verdict"]["answer"] == "info"
    # the order asked still is: "before the monk" is the ask's, not a scene set apart
    assert ask("does the poisoner go before the monk", kb)["verdict"]["answer"] == "yes"


def test_a_denial_of_what_another_does_to_the_named(kb):
    # "A nomination by the Demon does not count": the Demon is in the object, not the subject
    # denied, so it is no denial of someone the ask leaves out ("the Demon cannot kill" for
    # "does the gossip kill go through")
    question = (
        "the demon nominated today, none of the minions did. does that count as a yes for the"
        " town crier?"
    )
    assert ask(question, kb)["verdict"]["answer"] == "no"


def test_leave_asked_as_allowing_and_sobering_said_as_stopping(kb):
    # "do i allow that?" asks the storyteller's leave, as "is that allowed" does: "they may
    # not choose the same player as last night"
    question = "devils advocate picked the same guy as last night. do i allow that?"
    assert ask(question, kb)["verdict"]["answer"] == "no"
    # "That Townsfolk stops being drunk if the Sommelier is dead" is a no to "still drunk?",
    # where the death is told, and none where it is not
    question = (
        "sommelier took the chef ability, the sommelier is dead now. is the real chef still drunk?"
    )
    assert ask(question, kb)["verdict"]["answer"] == "no"
    question = "the sommelier took the chef ability and is alive. is the real chef still drunk?"
    assert ask(question, kb)["verdict"]["answer"] != "no"


def test_an_ability_asked_with_someone_else_too(kb):
    # "someone else too" / "as well" ask nothing the rule must say in those words: "may use
    # their ability to kill their other neighbour, and then kill another player"
    question = (
        "grief striker's neighbour was executed. can she kill her other neighbour and then"
        " somebody else too?"
    )
    assert ask(question, kb)["verdict"]["answer"] == "yes"


def test_a_negation_in_the_condition_after_the_ask(kb):
    from service.answer.verdict import _before_condition

    # "can't she pick herself" asks with a negation (a no would be ambiguous); "is that
    # allowed if we dont know ..." does not: the negation is the condition's
    assert _before_condition("is that even allowed if we dont know the atheist is in play") == (
        "is that even allowed"
    )
    assert _before_condition("can't she pick herself") == "can't she pick herself"
    question = (
        "atheist is on the script. a student just tried to nominate me, the ST. is that even"
        " allowed if we dont know the atheist is in play"
    )
    assert ask(question, kb)["verdict"]["answer"] == "yes"


def test_abilities_given_back_and_a_prevention_denied(kb):
    # "If the Preacher becomes drunk or poisoned, preached Minions regain their abilities":
    # "got poisoned" tells the premise, "get their ability back" asks the outcome
    question = (
        "preacher preached a minion, then the preacher got poisoned. does the minion get their"
        " ability back while the preacher is poisoned?"
    )
    assert ask(question, kb)["verdict"]["answer"] == "yes"
    # someone else told poisoned tells no premise of the Preacher's
    question = (
        "preacher preached the baron. the empath got poisoned. does the baron get his ability back?"
    )
    assert ask(question, kb)["verdict"]["answer"] != "yes"
    # "the Preacher no longer prevents any of the marked players' abilities from working" is
    # no denial of the ability: never a no
    question = (
        "the preacher preached my baron, and last night the preacher got poisoned. does the baron"
        " have his ability back?"
    )
    assert ask(question, kb)["verdict"]["answer"] != "no"


def test_a_cannot_die_lost(kb):
    # "If they choose themself, they lose their 'cannot die' ability until they become sober":
    # they can die, where the choice of themself is told
    told = ask("the sailor chose himself last night. can he die tonight?", kb)
    assert told["verdict"]["answer"] == "yes"
    untold = ask("the sailor chose the imp last night. can he die tonight?", kb)
    assert untold["verdict"]["answer"] != "yes"


@pytest.mark.parametrize(
    "question, answer",
    [
        # an ask after a colon, as after a comma: "Poisoned players don't wake up"
        (
            "using i see dead people fabled: do poisoned players still get woken for their"
            " ability or not?",
            "no",
        ),
        # a save asked where "nobody is protected"
        ("the pumpkin is drunk. am i still allowed to save a scary player today?", "no"),
        # the game going on asked, "the game ends there as normal" said
        ("the mastermind was drunk when the demon got executed. do we get an extra day?", "no"),
        # nor can it answer an either/or ("... or also ...")
        (
            "my soldier asks: is she only safe from the demon's kill, or also from anything else"
            " the demon does?",
            "info",
        ),
        # two yes/no questions: one yes or no cannot answer both (after a dash too)
        (
            "i see dead people is out — do poisoned players still wake up? and can dead players"
            " nominate?",
            "info",
        ),
        (
            "i see dead people fabled: do poisoned players still wake up at night? and can dead"
            " players nominate?",
            "info",
        ),
    ],
)
def test_asks_after_a_colon_saves_and_the_game_going_on(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_jinx_that_leaves_the_choice_to_the_storyteller(kb):
    # "If a Pit-Hag creates a Damsel, the Storyteller chooses which player it is"
    verdict = ask("the pit hag created a damsel. who gets to be the damsel?", kb)["verdict"]
    assert verdict["answer"] == "storyteller"
    assert verdict["text"].startswith("Your choice: the jinx decides it")


def test_a_replays_drunkenness_choice_is_no_answer_to_another_leave(kb):
    # the replay chose which of the Innkeeper's two is drunk; the storyteller asked whether
    # the Tinker may die: the rules answer, both sides shown
    question = (
        "the innkeeper protected my tinker tonight, am i still allowed to kill him off with his"
        " own ability?"
    )
    verdict = ask(question, kb)["verdict"]
    assert not verdict["text"].startswith("Your choice: which of the two")
    assert "sources disagree" in verdict["text"]
    # asked which one is drunk, that choice is the answer
    question = "the innkeeper chose the tinker and the chef. which one do i make drunk?"
    assert ask(question, kb)["verdict"]["answer"] == "storyteller"


@regressed(
    "the chooser quotes the set-up step ('choose a good player and place the ... token'), "
    "not 'In smaller games it is often good to make the Fortune Teller their own red herring'"
)
def test_leave_the_rule_gives_beside_the_replays_choice(kb):
    # the replay's choice leads ("which good player is the Fortune Teller's red herring"),
    # the rule that gives the leave follows it: yes, as you choose
    question = "fortune teller's red herring - may i make it the fortune teller herself?"
    assert ask(question, kb)["verdict"]["text"].startswith("Yes, as you choose")


@pytest.mark.parametrize(
    ("question", "unsaid"),
    [
        # the Imp's only ruling among the best is of no Minion alive, which the question does
        # not tell: no word from it beside the Birdkeeper's
        ("birdkeeper picks the imp", "the Imp simply dies"),
        # ... nor the drunk Saint's case beside the Pacifist's choice
        (
            "Pacifist is alive and the Saint was just executed. Can I let the saint survive, and "
            "is there any limit on how often I do that per game?",
            "Saint is drunk or poisoned",
        ),
    ],
)
def test_no_second_voice_from_a_case_the_question_rules_out(kb, question, unsaid):
    assert unsaid not in ask(question, kb)["verdict"]["text"]


def test_a_rule_of_a_dead_character_gives_no_leave(kb):
    # not the rule of a dead character whose ability is gone ("The Harpy can choose a dead
    # player" says nothing of the Harpy dead)
    question = (
        "harpy made someone mad on n2 that another player is evil. harpy died early on day 2."
        " if the mad player drops it later that day can i still kill them for it"
    )
    assert ask(question, kb)["verdict"]["answer"] != "yes"


def test_an_inner_ask_of_anyone_and_a_premise_the_question_denies(kb):
    # "... died does anyone become drunk": the ask runs on after the scene, its subject
    # "anyone"; "nobody becomes drunk" answers it
    question = "our sweetheart was poisoned when she got executed and died does anyone become drunk"
    assert ask(question, kb)["verdict"]["answer"] == "no"
    # "If the statement was not true, nothing happens" is no answer where the statement was
    # true: no no from it
    question = (
        "gossip said something true today and then got executed, does someone still die tonight?"
    )
    verdict = ask(question, kb)["verdict"]
    assert not (verdict["answer"] == "no" and "was not true" in verdict["text"])


def test_an_undertaker_after_an_execution_no_one_died_of(kb):
    # "you learn which character died by execution today": an execution survived is none
    question = (
        "the player we exed today didnt actually die. does the undertaker still wake tonight?"
    )
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "died by execution" in verdict["text"]
    # an execution with a death wakes them, as the sheet says
    assert (
        ask("we exed someone today, does the undertaker wake tonight", kb)["verdict"]["answer"]
        == "yes"
    )


def test_a_premise_of_impairment_told_of_someone_else(kb):
    # "If the Barber was drunk or poisoned when they died, nothing happens": the Demon is the
    # one poisoned, so no no
    assert (
        ask("barber died today, demons poisoned rn. do haircuts still happen", kb)["verdict"][
            "answer"
        ]
        != "no"
    )


@pytest.mark.parametrize(
    "question",
    [
        "If the Sage dies at night but from something other than the Demon's kill, do I still "
        "wake them and point to two players?",
        "the sage died at night but not to the demon. do i wake them",
    ],
)
def test_a_demon_kill_premise_for_a_death_told_as_not_the_demons(kb, question):
    # "On the night the Demon kills the Sage, wake them" answered Yes for a Sage the question
    # says died to something else
    assert ask(question, kb)["verdict"]["answer"] != "yes"
    # ... and still answers the Sage the Demon killed
    assert ask("the demon killed the sage, do i wake them", kb)["verdict"]["answer"] == "yes"


def test_another_sentence_of_a_sides_ruling_does_not_follow_that_side(kb):
    # "Yes: the Tinker can die at any time ... this follows 001": 001's side is "cannot die
    # ... while protected", another sentence of the ruling quoted
    text = ask(
        "day 2 the tinker was super sus, then on n3 he got protected by someone. can i still "
        "have the tinker just die that night anyway",
        kb,
    )["verdict"]["text"]
    assert "this follows 001" not in text
    assert "The Tinker cannot die from their ability while protected from death" in text


def test_a_dead_premise_of_one_given_their_ability_back(kb):
    # "When the Undertaker is dead, do not wake them again" answered No for the dead
    # Undertaker the Bone Collector gave their ability back to ("they regain their ability")
    question = (
        "bone collector chose the dead undertaker on n3. we had an exe on day 2. does the "
        "undertaker wake tonight and get the info?"
    )
    assert ask(question, kb)["verdict"]["answer"] != "no"
    # ... the premise still holds for a dead Undertaker nobody gave it back to
    assert ask("the undertaker is dead, do i still wake him", kb)["verdict"]["answer"] == "no"


@pytest.mark.parametrize(
    "question",
    [
        # the second half is the first's contrary: the first is what a no answers
        "juggler did his 5 guesses d1 then got exe'd same day. does he still get his number or "
        "is it gone",
        "The Virgin is poisoned on day one and a Townsfolk nominates her, so nothing happens. "
        "Does she still have her ability the next time someone nominates her, or is it used up?",
    ],
)
def test_an_alternative_that_is_the_firsts_undoing(kb, question):
    assert ask(question, kb)["verdict"]["answer"] == "no"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "If the Technocrat is alive, ...": told by "tehnocrat is alive"
        ("tehnocrat is alive and the demon gets exed. does the demon die?", "no"),
        # "when the Recluse is drunk or poisoned, the misregistration stops"
        ("reculse is poisoned, can i still register him as evil/minion to info roles", "no"),
    ],
)
def test_a_premise_told_by_a_misspelt_name(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_jinx_answers_the_first_of_two_contraries(kb):
    # "if the Spy is (or has been) in play, the Damsel is poisoned"
    question = "spy got exed day 2. is the damsel still poisoned from the jinx or does it lift now"
    assert ask(question, kb)["verdict"]["answer"] == "yes"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the jinx decides, the replay (which did not seat Ben as the host) does not
        ("slayer shot ben who is the lleech host, not the lleech itself. does ben die?", "yes"),
        # "no one dies to the Al-Hadikhia tonight" confirms "does nobody die"
        (
            "princess nommed someone on her first day and they got exed. al-hadikhia is the "
            "demon. does nobody die to the al hadikhia tonight?",
            "yes",
        ),
        # false asked, "must get true information" said
        (
            "Barrista picks a player for the 'sober, healthy & true info' option in a game with a "
            "vortox. Does the vortox still force that player's info to be false?",
            "no",
        ),
    ],
)
def test_what_a_jinx_or_rule_says_outright_is_not_overruled(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the ask's scene ("until night 3?") is cut from it; its question mark is no second ask
        ("Does the Gargan (ODE) wake on night 2 at all, or does it sit out until night 3?", "no"),
        ("alsahir guessed wrong this morning. can they guess again after nominations?", "no"),
        # "rather than killed by the Demon" sets the Demon's kill aside: no yes from "only
        # learns their information when killed by a Demon ability"
        (
            "Does the Umpire learn which evil characters are in play if they are executed, rather "
            "than killed by the Demon at night?",
            "info",
        ),
    ],
)
def test_an_asks_own_scene_and_what_it_sets_aside(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_what_would_happen_and_does_not(kb):
    # "If the Beggar would become drunk or poisoned, they do not"
    assert ask("can the beggar even be poisond", kb)["verdict"]["answer"] == "no"


def test_a_denial_outside_the_waking_ask_does_not_unask_it(kb):
    # "other demons dont" is beside the ask: the sheet wakes the Pukka on the first night
    assert ask("does the pukka wake n1?? other demons dont", kb)["verdict"]["answer"] == "yes"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "Whilst the Technocrat lives, the Demon cannot die" is the sober Technocrat's rule:
        # its denial is what the poison undoes, so what it denies can happen
        # (the replay says so since the engine plays the Technocrat: "Cat (Imp) dies")
        (
            "If the Technocrat is poisoned, can the demon die by execution again? The ODE "
            "ability text only says 'whilst the Technocrat lives'",
            "yes",
        ),
        # the rule itself speaks of the drunk case: its no stands
        ("baron got poisoned, do i take the extra outsiders back out now??", "no"),
        # a jinx on who holds the ability speaks of no sobriety: its no stands
        (
            "n1 the philo picked poppy grower, so the real poppy is drunk now. widow wakes "
            "after that same night - does she get to look at the grim?",
            "no",
        ),
    ],
)
def test_a_denial_by_the_sober_rule_of_one_told_impaired_is_no_no(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_an_execution_on_an_earlier_day_is_not_todays_death(kb):
    # the Zombuul was executed on day 2; day 3 nobody died: the sheet wakes it tonight
    question = (
        "zombull got exed day 2 and lived thru it (life token flipped, no shroud). day 3 nobody "
        "died at all. does he wake tonight to kill"
    )
    assert ask(question, kb)["verdict"]["answer"] == "yes"
    assert (
        ask("zombuul got exed today, first time. does it wake tonight", kb)["verdict"]["answer"]
        == "no"
    )


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the sentence's later case is the one told: "when the Leviathan is sober, ... the
        # evil team wins immediately"
        ("leviathan was poisoned when day 5 ended, sobers up later. evil win then?", "yes"),
        ("leviathan was poisoned when day 5 ended. the poison is gone now, do evil win?", "yes"),
        # still poisoned: the first case
        ("leviathan is poisoned and day 5 ended. evil win?", "no"),
    ],
)
def test_a_character_sober_again_is_answered_by_the_sober_case(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "When the Lleech dies while drunk ..." has the death asked as its premise: the host's
        # death, told, is the other sentence's, whose Lleech "is unaffected"
        ("leech was drunk when its host died last night. does the lleech die too?", "no"),
        (
            "lleech got made drunk on n3 and his host died that same night. does the lleech die",
            "no",
        ),
    ],
)
def test_a_premise_that_is_the_ask_itself_tells_nothing(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_replay_where_nothing_went_for_them_shows_nothing_of_whether_they_can_die(kb):
    # the drunk Sailor chose himself: nothing attacked him, so the replay's "nobody dies" is
    # no No; the rule for a drunk Sailor ("they can die") answers
    body = ask(
        "new player on sailor chose himself on n1. is that even allowed, and can he die while "
        "hes the drunk one?",
        kb,
    )
    assert body["verdict"]["answer"] == "yes"
    # a replay that played the attack still answers from what it showed
    assert ask("imp attacks the soldier. can the soldier die?", kb)["verdict"]["answer"] == "no"


def test_a_sheets_order_a_jinx_changes_is_no_yes_or_no(kb):
    # the sheet puts the Mathematician after the Chambermaid, and the jinx lets her detect
    # whether he will wake: the order's "No" is not the answer
    body = ask(
        "chambermaid picked the mathmetician tonight. the math wakes after her in the order, "
        "does that still count as woke?",
        kb,
    )
    assert body["verdict"]["answer"] == "info"
    # (the jinx, as the night order's answer, "But the jinx changes it: ...", or as the
    # interaction's, "The jinx decides it: ...": the learned kind reads it either way)
    assert "the Chambermaid can detect if the Mathematician will wake" in body["verdict"]["text"]
    assert not body["verdict"]["text"].startswith(("Yes", "No"))


def test_an_engine_refusal_on_one_side_claims_no_side_followed(kb):
    # 000 has the Lleech choose an alive host, 004 any player (knowledge/curated/conflicts.toml);
    # the engine refuses a dead host: the verdict names the disagreement and claims no side
    text = ask("can the lleech pick a dead player as its host n1", kb)["verdict"]["text"]
    assert "the sources disagree" in text
    assert "the more authoritative" not in text


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the Riot's and the Leviathan's late steps (no night kill) do not leave the Oracle
        # "among" the Demons: it wakes after every Demon but those two, and says so
        ("does the oracle wake after the demon? so people who died tonight count", "yes"),
        ("does the oracle wake before the demon", "no"),
        # which of two: no yes or no
        ("does the oracle count whoever died tonight or does it go before the demon", "info"),
    ],
)
def test_one_character_against_every_demon_but_the_sheets_stragglers(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    if answer != "info":
        assert "but the Riot and the Leviathan" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # run on, no comma: "does" asks before a subject with no article, told by "still"
        # ("If the Barber was drunk or poisoned when they died, nothing happens.")
        (
            "barbr was drunk when he died today does demon still get the haircut swap tonight",
            "no",
        ),
        # a reason told after the ask is no part of it: its "isnt" denies nothing asked
        ("courtier picks lil monsta. can lil monsta even be drunk, it isnt a player", "no"),
        # a state asked ("can ... be true"), the same state the rule says may hold of the same
        # thing: "When the Savant is drunk or poisoned, both statements may be true, or both
        # false."
        ("savant is drunk today, can both statments be true?", "yes"),
    ],
)
def test_the_ask_without_an_article_or_with_a_reason_after_it(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question",
    [
        # "If the Trapper dies at night, a living Minion dies too" (the Imp's "is that my
        # choice", answered by the rule saying the Storyteller chooses which Minion:
        # test_whose_choice_asked_is_answered_by_who_chooses)
        "homebrew trapper got assassinated on n2. spy and assassin both alive. does a minion die "
        "and which one",
    ],
)
def test_which_one_of_a_kind_the_rule_leaves_unchosen_is_yours(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "storyteller"
    assert verdict["text"].startswith("Your choice: if the ")


def test_one_of_a_kind_in_the_premise_is_no_choice_left():
    from service.answer.verdict import _which_one_yours

    said = "If the Dirtminder is in play, and a Demon dies during the night, wake the Dirtminder."
    assert not _which_one_yours("who becomes the demon?", said)
    # nor where the rule says who chooses
    assert not _which_one_yours("which one dies?", "They choose a player: a good player dies.")


def test_steps_to_choose_from_or_do_neither_are_the_storytellers(kb):
    # "... add an Outsider token and remove a Townsfolk token, remove an Outsider token and
    # add a Townsfolk token, or do neither."
    verdict = ask("sentinal in play what do i do to the bag", kb)["verdict"]
    assert verdict["answer"] == "storyteller"
    assert "or do neither" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # two character types joined by "or" in a modal ask are one thing asked of
        # ("The Sleeper can not choose a Demon, Traveller or Fabled ability.")
        (
            "the demon hit the ODE sleeper last night so she lives and gets to pick an ability. "
            "can she take a traveller or fabled one? she's begging for one lol",
            "no",
        ),
        # a wh-word after what the storyteller does not know is no second question, nor is a
        # negation after the ask a condition on it ("The Poisoner may choose themself, ...")
        (
            "Is the Poisoner allowed to poison themselves? One of my players asked and I wasn't "
            "sure what it would even do.",
            "yes",
        ),
    ],
)
def test_types_joined_and_what_comes_after_the_ask(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_is_a_minion_or_a_demon_stays_an_alternative():
    from service.answer.verdict import _either_kind

    assert _either_kind("is he a minion or a demon?", "is he a minion or a demon?") == (
        "is he a minion or a demon?"
    )
    assert _either_kind("can she take a traveller or fabled one?", "a traveller or fabled one") == (
        "a kind one"
    )


def test_leave_asked_for_the_choice_the_replay_leaves_is_a_yes(kb):
    # the replay leaves whether to execute for breaking madness to the storyteller
    verdict = ask(
        "cere made the juggler mad about being the sage, but the juggler is drunk rn. if he "
        "breaks it can i still exe him",
        kb,
    )["verdict"]
    assert verdict["answer"] == "yes"
    assert verdict["text"].startswith("Yes, it is your choice whether ")
    # ... but not where the rule quoted with the choice denies it
    from service.answer.verdict import _yours_to_do

    assert not _yours_to_do(
        "monk protected the tinker. can i still kill the tinker?",
        "Your choice: whether Ben (Tinker) dies tonight; in the replay, nobody dies. The "
        "Tinker cannot die from their ability while protected from death, as normal.",
    )


def test_the_pukkas_victim_asked_is_played_to_the_night_after(kb):
    # the Pukka's poison kills the night after: a replay of the told night alone would say
    # nobody dies
    answer = ask("the pukka poisoned the chef on n2. does the chef still die", kb)
    assert answer["verdict"]["answer"] == "yes"
    phases = answer["replay"]["request"]["phases"]
    assert [(p["phase"], p["number"]) for p in phases] == [
        ("night", 2),
        ("day", 2),
        ("night", 3),
    ]
    assert answer["replay"]["deaths"]
    # no death asked: the told night alone
    told = ask("the pukka poisoned the chef on n2, what does the chef learn", kb)
    assert len(told["replay"]["request"]["phases"]) == 1


@pytest.mark.parametrize(
    "question",
    ["pukka poisons the chef, who dies next night", "pukka picks the chef, when does the chef die"],
)
def test_who_or_when_the_pukkas_victim_dies_is_played_to_the_night_after(kb, question):
    answer = ask(question, kb)
    assert len(answer["replay"]["request"]["phases"]) == 3
    chef = next(
        p["name"] for p in answer["replay"]["request"]["players"] if p["character"] == "chef"
    )
    assert answer["replay"]["deaths"] == [chef]


def test_a_choice_of_oneself_pointed_back_at_is_answered(kb):
    # "this is allowed?" points back at the choice told before it; a short remark after
    # the ask is no ask of its own
    verdict = ask(
        "gambler every night points at himself and guess gambler. this is allowed? feels like "
        "cheating tbh",
        kb,
    )["verdict"]
    assert verdict["answer"] == "yes"
    assert "may choose themself" in verdict["text"]
    from service.answer.verdict import _asking

    assert _asking("monk protects himself. thats legal? asking for a friend") == "thats legal?"
    # a longer sentence after it is no remark: the ask is not read past it
    assert _asking("monk protects himself. thats legal? i have been running this for years") is None


def test_dead_last_is_no_death(kb):
    # "goes dead last": the very last, as the understanding reads it too
    verdict = ask(
        "salesman (homebrew traveller) picked the poisoner. poisoner goes dead last tonight? so "
        "nobody earlier is poisoned",
        kb,
    )["verdict"]
    assert verdict["answer"] == "yes"
    assert verdict["text"].startswith("Yes: the Poisoner acts last")


def test_a_dead_player_chosen_is_read_from_the_ability(kb):
    # "choose a player": any player, alive or dead (002's general rule), where the
    # character's own words ("When the Monk is dead ...", "nobody dies") answered another thing
    monk = ask("can the monk protect a dead player", kb)["verdict"]
    assert monk["answer"] == "yes"
    quotes = [b["quote"] for b in monk["because"]]
    assert any("any player—alive or dead—can be chosen" in q for q in quotes)
    assert any(q.startswith("Each night*, choose a player (not yourself)") for q in quotes)
    # the character's own sentence on it is quoted beside the general rule
    teller = ask("can the fortune teller pick dead players", kb)["verdict"]
    assert teller["answer"] == "yes"
    assert any("alive or dead, or even themself" in b["quote"] for b in teller["because"])
    # "choose an alive player": no, with the source that says otherwise shown
    sailor = ask("sailor allowed to pick dead player", kb)["verdict"]
    assert sailor["answer"] == "no"
    assert "alive player" in sailor["text"] and "the sources disagree" in sailor["text"]
    assert any(b["source"].startswith("004") for b in sailor["because"])
    # not read here: an ability with an alive player in it too (the Lleech's host), more
    # asked than the choice (a night; what happens after)
    assert (
        "any player, alive or dead"
        not in ask("can the lleech pick a dead player", kb)["verdict"]["text"]
    )
    for question in (
        "on stowed away the bone collector is a tf?? can it pick a dead guy n1",
        "can the harpy choose a dead player? if they do, whom am i allowed to kill?",
    ):
        assert "alive or dead, can be chosen" not in ask(question, kb)["verdict"]["text"]


def test_what_one_registers_as_to_another_is_no_actor(kb):
    # "registers as the imp to the FT": the Fortune Teller's ability looks at the Recluse;
    # the Imp is what it sees (it had attacked the Fortune Teller, whose death was a "no")
    answer = ask("can the recluse show as the imp to the fortune teller", kb)
    # (whether it can, asked: yes, as the Storyteller chooses what it registers as)
    assert answer["verdict"]["answer"] == "yes"
    assert answer["verdict"]["text"].startswith("Yes, as you choose what Ann (Recluse) registers")
    request = answer["replay"]["request"]
    seat = {p["character"]: p["name"] for p in request["players"]}
    actions = [a for phase in request["phases"] for a in phase.get("actions", [])]
    assert [a["player"] for a in actions] == [seat["fortuneteller"]]
    assert seat["recluse"] in actions[0]["targets"]
    assert not answer["replay"]["deaths"]


def test_a_denial_in_an_upshot_of_another_thing_is_no_answer(kb):
    # "the night ends before the Butler wakes, and so the Butler cannot change their master"
    # denies a change of master, not that the night ends before the Demon
    verdict = ask(
        "bird keeper used their ability and chose the demons character. night just ends right "
        "before the demon?? so no kill at all",
        kb,
    )["verdict"]
    assert verdict["answer"] != "no"


@pytest.mark.parametrize(
    "question",
    [
        # "The Investigator does not learn which of the two is that Minion": which one, not
        # whether it learns it
        "does the investigator learn the spy",
        # the replay shows the Librarian learning the Drunk; "... must not belong to either
        # marked player" is the rule for false information
        "will the librarian see the drunk",
    ],
)
def test_a_learning_the_replay_shows_is_no_denial(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] != "no"
    assert " learns " in verdict["text"]


def test_a_denial_for_a_traveller_answers_no_question_without_one(kb):
    # "A Traveller nominating is not a Townsfolk, so nothing happens": another case than a
    # drunk Townsfolk's nomination (the replay executes the nominator)
    verdict = ask("if the virgin is nominated by a drunk townsfolk does the nominator die", kb)[
        "verdict"
    ]
    assert verdict["answer"] != "no"
    # ... where the question has its Traveller, the denial answers
    traveller = ask(
        "traveller nominates the virgin (first nom on her) - do they get executed or nah", kb
    )["verdict"]
    assert traveller["answer"] == "no"


def test_a_dead_spy_does_not_see_the_grimoire_by_its_registerings_even_if_dead(kb):
    # the official "even if dead" is the Spy's registering's; executed with no survival told
    # is dead; 000, which keeps waking a dead Spy, is shown as the other side
    executed = ask(
        "spy got exed this afternoon. do i still wake him to look at the grim tonight or is he "
        "done",
        kb,
    )["verdict"]
    assert executed["answer"] == "no"
    assert "000 keeps waking a dead Spy" in executed["text"]
    assert "this follows the official text" in executed["text"]
    # no "Yes" from "..., even if dead" read as the Grimoire's
    dead = ask(
        'spy got executed yesterday and died. she asks "do i still get to look at the grim every '
        'night now that im dead?"',
        kb,
    )["verdict"]
    assert dead["answer"] != "yes"
    # an execution survived: the Spy wakes as the sheet says
    survived = ask("the spy got executed and survived somehow, do i wake her tonight", kb)
    assert survived["verdict"]["answer"] == "yes"


def test_what_a_named_one_registers_as_to_another_named_is_the_storytellers_choice(kb):
    # the replay took the Recluse as good (the Chef learns 0); what it registers as is the
    # storyteller's, and the question turns on it
    verdict = ask("chef info with the recluse next to the imp", kb)["verdict"]
    assert verdict["answer"] == "storyteller"
    assert verdict["text"].startswith("Your choice: what Ben (Recluse) registers as, alignment, to")
    # a filler's registering is no choice the question asks about
    from service.answer.ask import understood
    from service.answer.decided import registering_between_the_named

    u = understood("chef info with the recluse next to the imp", kb)
    assert not registering_between_the_named(
        {"question": "what Dan (Spy) registers as, alignment, to Ann's Chef"}, u
    )


def test_the_rulings_no_the_replay_overturns_is_not_said_beside_its_yes(kb):
    # the Sailor who chose himself is drunk and dies; the sober Sailor's "cannot die" is not
    # said after "Yes: Ann (Sailor) dies."
    # (the case of choosing oneself may follow: "they lose their “cannot die” ability")
    verdict = ask("sailor chose himself tonight. can he die tonight then", kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert not re.search(r"(?<!“)cannot die(?!”)", verdict["text"]), verdict["text"]
    assert "they can die" in verdict["text"]


def test_the_unnamed_demons_attack_told_falls_on_the_one_named(kb):
    # "demon attacked the fool": the replay's Demon attacks the Fool (it had attacked the
    # Grandmother, whose death the question asks about, and answered yes)
    answer = ask(
        "grandchild is the fool. demon attacked the fool n3 and he survived on his ability. "
        "does grandma die",
        kb,
    )
    seat = {p["character"]: p["name"] for p in answer["replay"]["request"]["players"]}
    actions = [a for p in answer["replay"]["request"]["phases"] for a in p.get("actions", [])]
    assert {"player": seat["imp"], "targets": [seat["fool"]]} in actions
    assert answer["verdict"]["answer"] == "no"


def test_the_unnamed_demon_of_a_passive_is_not_the_next_verbs_actor(kb):
    # "killed by the demon picks the spy": the Ravenkeeper the Demon killed picks the Spy
    # (the replay had the Demon attack the Spy, and set itself aside)
    answer = ask("ravenkeeper killed by the demon picks the spy what do i show", kb)
    seat = {p["character"]: p["name"] for p in answer["replay"]["request"]["players"]}
    actions = [a for p in answer["replay"]["request"]["phases"] for a in p.get("actions", [])]
    assert {"player": seat["imp"], "targets": [seat["ravenkeeper"]]} in actions
    assert {"player": seat["ravenkeeper"], "targets": [seat["spy"]]} in actions
    assert seat["ravenkeeper"] in answer["replay"]["deaths"]


@pytest.mark.parametrize(
    "question",
    [
        # "or not yet" is the same tag as "or not"; "he wakes" speaks of "does not wake"
        "gargan — he wakes on night 2 or not yet?",
        "gargan - do i wake it n2 or not yet",
    ],
)
def test_or_not_yet_is_a_tag_and_a_verbs_s_is_its_stem(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "does not wake" in verdict["text"]


def test_the_undertaker_learns_in_the_night_after_the_execution_told(kb):
    # the replay plays the night after the day's execution, where the Undertaker learns
    answer = ask("what does the undertaker learn if the drunk is executed", kb)
    phases = [(p["phase"], p["number"]) for p in answer["replay"]["request"]["phases"]]
    assert phases == [("day", 2), ("night", 3)]
    assert answer["verdict"]["text"].startswith("Ann (Undertaker) learns drunk (reliable).")
    # not where the question says the execution did not kill (the day is staged with a
    # death: the night after would show what did not happen)
    told = ask("exed player didnt actually die, wake undertaker or nah", kb)
    assert not any("learns" in line for line in told["verdict"]["replay_summary"])


def test_a_death_that_sets_nothing_off_is_no_denial_of_the_death(kb):
    # "a night death does not trigger it" assumes the night death: the Saint can be killed
    verdict = ask("can the saint be killed by the demon at night", kb)["verdict"]
    assert verdict["answer"] != "no"


def test_a_dead_ones_rule_does_not_answer_for_one_told_alive(kb):
    # "Declaring after death does nothing" is the dead Slayer's rule; being nominated is
    # not dying
    assert ask("can the slayer shoot after being nominated", kb)["verdict"]["answer"] != "no"
    # told dead, the rule answers
    assert ask("slayer died, can he still shoot", kb)["verdict"]["answer"] == "no"


def test_a_gloss_of_a_phrase_is_no_denial(kb):
    # "“No execution” means nobody was executed" says what the Mayor's words mean
    assert ask("can the mayor be executed", kb)["verdict"]["answer"] != "no"


def test_choosing_oneself_asked_in_the_abilitys_own_verb(kb):
    # "poison himself" is the Poisoner choosing themself (and told poisoned by it)
    verdict = ask("can the poisoner poison himself", kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert "may choose themself" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        ("does the spy wake every night", "yes", "on nights after the first, step"),
        ("does the librarian wake every night", "no", "does not wake on nights after the first"),
        ("does the monk wake every night", "no", "does not wake on the first night"),
        ("does the ravenkeeper wake every night", "no", "only if the Ravenkeeper died tonight"),
        ("does the imp wake every night", "no", "woken for the Demon info step"),
        ("does the saint wake every night", "no", "on neither night's sheet"),
    ],
)
def test_waking_every_night_is_read_from_both_night_sheets(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]
    assert {b["source"] for b in verdict["because"]} == {"nightsheet.json"}


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        # whether at all, with no night named: from both sheets (the Damsel's first-night
        # step shows the Minions its token; was "Yes: during the First Night, wake all
        # Minions", from the Minion info ruling)
        ("does the damsel wake", "info", "if the Damsel was chosen by the Huntsman"),
        ("does the magician wake", "no", "during Minion Info, point to the Magician"),
        ("does the empath wake", "yes", "on the first night, step"),
        ("does the poisoner wake up at night?", "yes", "the Poisoner chooses a player"),
        ("does the ravenkeeper wake", "info", "if the Ravenkeeper died tonight"),
    ],
)
def test_waking_at_all_is_read_from_both_night_sheets(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]
    assert {b["source"] for b in verdict["because"]} == {"nightsheet.json"}


@pytest.mark.parametrize(
    "question",
    [
        # the order asked, or a step that is only sometimes: not a plain every night
        "does the lunatic wake before or after the real demon each night",
        "do i wake the cult leader every single night or only sometimes",
        "does the lunatic wake every night",
    ],
)
def test_waking_every_night_not_said_of_an_order_or_a_sometimes_step(kb, question):
    assert ask(question, kb)["verdict"]["answer"] != "yes"


@pytest.mark.parametrize(
    "question", ["does the drunk wake on the first night", "does the drunk wake every night"]
)
def test_one_who_thinks_they_are_another_is_woken_as_that_one(kb, question):
    # the Drunk is on neither sheet, but is woken as the Townsfolk they think they are
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "info"
    assert "You think you are a Townsfolk character" in verdict["text"]


def test_a_win_an_ability_stops_is_said_and_the_other_side_may_yet_win(kb):
    # the replay's "good would win, but the Mastermind stops it" is what happened, and it
    # does not make "can the mastermind win" a no: the game goes on
    assert ask("can the mastermind win after the demon dies", kb)["verdict"]["answer"] != "no"
    verdict = ask(
        "evil twin and the good twin both alive and we just executed the demon. do good win", kb
    )["verdict"]
    assert verdict["answer"] == "no"
    assert "Evil Twin ability stops it: the game goes on" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("can the monk protect the demon", "any player can be chosen: a Demon too"),
        ("can the poisoner poison the imp", "any player can be chosen: the Imp too"),
        ("can the devil's advocate save the demon", "chooses an alive player, whoever they are"),
    ],
)
def test_a_choice_with_no_limit_on_who_may_fall_on_any_kind(kb, question, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert said in verdict["text"]


def test_a_kill_asked_of_an_ability_that_kills_only_the_demon_is_not_the_choices_yes(kb):
    # "can the slayer kill the spy": the Slayer may choose the Spy, but it dies only if it
    # is the Demon (was "Yes: the Slayer's ability says to choose a player, and any player
    # can be chosen: the Spy too")
    verdict = ask("can the slayer kill the spy", kb)["verdict"]
    assert verdict["answer"] != "yes"
    assert "not the Demon: nothing happens" in verdict["text"]
    # ... while a kill of whoever is chosen is still that choice's yes
    assert ask("can the imp kill the spy", kb)["verdict"]["answer"] == "yes"


def test_a_choice_of_a_kind_asked_with_more_goes_the_usual_way(kb):
    # "on night 1" asks more than whether the choice may be made
    text = ask("can the godfather kill a minion on night 1", kb)["verdict"]["text"]
    assert "any player can be chosen" not in text


def test_a_choice_that_could_fall_on_the_one_named_is_yours(kb):
    # the replay made the Poisoner the new Imp by default; the Recluse was an option (it may
    # register as a Minion), so "can it" is yes, as the storyteller chooses
    answer = ask("can the imp starpass to the recluse", kb)
    verdict = answer["verdict"]
    assert verdict["answer"] == "yes"
    assert verdict["text"].startswith("Yes, as you choose: which alive Minion becomes the Imp")
    assert "If the Recluse registers as a Minion" in verdict["because"][0]["quote"]


def test_a_quote_that_goes_on_from_the_sentence_before_is_said_with_it(kb):
    # "Instead, put ... into the bag" answered half a rule: instead of what?
    verdict = ask("legion setup how many legion tokens in the bag for 12", kb)["verdict"]
    assert verdict["text"].startswith(
        "During set-up, disregard the normal distribution of character types for the number "
        "of players; instead, put a number of Legion tokens"
    )
    assert verdict["because"][0]["quote"].startswith("During set-up, disregard")
    assert verdict["because"][0]["quote"].endswith(
        "more than half the number of players into the bag."
    )


def test_a_denial_lifted_only_by_what_is_asked_for_says_it_is_needed(kb):
    # "cannot vote unless they have a vote token": the token is needed
    assert ask("does the beggar need a vote token", kb)["verdict"]["answer"] == "yes"
    assert ask("can the beggar vote without a vote token", kb)["verdict"]["answer"] == "no"


@pytest.mark.parametrize(
    "question",
    [
        "can the goon be poisoned",
        "can the sailor be drunk",
        "can the heretic be poisoned",
        # the state said of the character however ("a drunk or poisoned Baron changes
        # nothing"), and where the ask's outcome would read it as a no ("nobody is poisoned")
        "can the baron be poisoned",
        "can the poisoner be poisoned",
    ],
)
def test_a_rule_of_the_state_asked_about_says_the_state_can_be(kb, question):
    # "When the Goon is drunk or poisoned, nobody becomes drunk ..." was a no
    assert ask(question, kb)["verdict"]["answer"] == "yes"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("can a dead empath use their ability", "no"),  # "do not wake them again"
        ("can a dead slayer use their ability", "no"),  # "the ability stops"
        ("can the ravenkeeper choose themselves", "yes"),  # "they may point to themself"
    ],
)
def test_a_dead_ones_lost_ability_and_pointing_at_oneself(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        # the ability's words, where no ruling of its own speaks of choosing itself
        ("can the snake charmer choose themselves", "yes", "chooses an alive player"),
        ("can the exorcist choose themselves", "yes", "any player can be chosen, themself too"),
        # its own ruling, in its own verb, where there is one
        ("can the witch choose themselves", "yes", "the Witch may curse themself"),
    ],
)
def test_choosing_oneself_read_from_the_ability_where_no_ruling_says(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]


def test_one_that_chooses_once_dead_is_not_said_to_choose_itself(kb):
    # the Klutz chooses "1 alive player" when it learns it died
    assert "and they are one" not in ask("can the klutz choose themselves", kb)["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "starts"),
    [
        ("what is the mayor's ability", "The Mayor: “If only 3 players live & no execution occurs"),
        ("whats the imp", "The Imp: “Each night*, choose a player: they die."),
        # typed the other way round (was "Invented on the spot, the true one tends to show")
        ("savant gets what info", "The Savant: “Each day, you may visit the Storyteller"),
        (
            "what does the washerwoman do",
            "The Washerwoman: “You start knowing that 1 of 2 players is a particular Townsfolk.” "
            "To run it: during set-up",
        ),
    ],
)
def test_what_a_character_is_or_does_is_its_ability(kb, question, starts):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(starts)
    assert verdict["because"][0]["source"] == "roles.json"


def test_what_a_character_learns_is_not_its_ability_asked(kb):
    assert not ask("what does potter learn night 1", kb)["verdict"]["text"].startswith(
        "The Potter:"
    )


def test_a_possibility_asked_is_not_given_by_a_choice_about_something_else(kb):
    # "the Gumshoe might die at any time" gives no leave to poison it
    text = ask("can the gumshoe be poisoned", kb)["verdict"]["text"]
    assert not text.startswith("Yes, as you choose")


def test_the_sentence_before_a_quote_keeps_its_capital_after_a_full_stop(kb):
    text = ask("what reminders does the slayer use", kb)["verdict"]["text"]
    assert "No Ability. If they are not the Demon, nothing happens; either way, place" in text


def test_woken_asks_the_night_sheet_as_wake_does(kb):
    verdict = ask("is the spy ever woken on the first night", kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert verdict["because"][0]["source"] == "nightsheet.json"


def test_the_registering_an_outcome_hung_on_leads_a_choice_the_rulings_gave(kb):
    text = ask("virgin nominated by the spy, does the spy die", kb)["verdict"]["text"]
    assert text.startswith(
        "Your choice: what Cat (Spy) registers as to Ann's Virgin; in the replay"
    )


def test_do_they_have_a_jinx_asks_whether_there_is_one(kb):
    verdict = ask("do the vizier and the fearmonger have a jinx", kb)["verdict"]
    assert verdict["text"].startswith("Yes, there is a jinx: the Vizier wakes with the Fearmonger")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("does the drunk know they are the drunk", "You do not know you are the Drunk."),
        ("does the marionette know they are the marionette", "You think you are a good"),
        ("does the busboy know hes the busboy", "You think you're a not-in-play Townsfolk"),
        # told or shown, asked (was "Build the false information so it fits the game.")
        ("is the drunk told they are the drunk", "You do not know you are the Drunk."),
        ("do i tell the drunk they are the drunk", "You do not know you are the Drunk."),
        ("is the marionette told they are the marionette", "You think you are a good"),
    ],
)
def test_an_ability_that_keeps_its_player_unknowing_answers_no(kb, question, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert said in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        ("how many outsiders does the baron add", "info", "[+2 Outsiders]"),
        ("does the fang gu add an outsider", "yes", "[+1 Outsider]"),
        ("does the vigormortis add outsiders", "no", "[-1 Outsider]"),
        # none or one: the storyteller's, with 000's disagreement beside it
        ("does the balloonist add an outsider", "storyteller", "000 always adds an Outsider"),
        # what the change is, asked (was "No: an Outsider who dies at night does not trigger
        # it; ...") or asked with the game's size after it
        ("godfather changes outsiders?", "info", "[-1 or +1 Outsider]"),
        ("does the vigormortis change the outsider count", "info", "[-1 Outsider]"),
        ("the baron adds outsiders, how many with 7 players", "info", "usual number for 7"),
        # told with the game's size and no "how many" (was "A player who becomes the Baron
        # during the game adds no Outsiders")
        ("baron adds outsiders in a 5 player game", "info", "usual number for 5"),
        # the name, then the count asked (was the Dolos ability cut at its bracket's stop)
        ("dolos how many outsiders", "info", "The Dolos changes the set-up: [+1 Outsider."),
        ("baron - how many outsiders?", "info", "[+2 Outsiders]"),
        # with the character's own set-up step, where a ruling gives one
        (
            "fang gu setup, how many outsiders",
            "info",
            "during set-up: “While setting up the game, before putting character tokens in "
            "the bag, add one extra Outsider character token",
        ),
    ],
)
def test_a_set_up_change_asked_is_the_abilitys_bracket(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]


def test_a_set_up_change_is_not_read_into_a_question_of_something_else(kb):
    # "baron got poisoned ... take the extra outsiders back out": its own rule answers
    verdict = ask("baron got poisoned, do i take the extra outsiders back out", kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "[+2 Outsiders]" not in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "does the lleech die if the host is executed",
        "does the lleech die if its host dies",
        "if the lleech's host is executed does the lleech die",
    ],
)
def test_a_hosts_death_told_answers_from_the_rule_for_it(kb, question):
    # "If this player is alive, the Lleech cannot die" is the rule for a host alive, and
    # "the player that the Lleech chose dies" tells the host's death, which the question
    # tells: it is not the Lleech's death asked
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert "this player is alive" not in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        # a step under the character's name that wakes someone else is not its waking
        ("does the king wake n1", "no", "its step wakes another"),
        ("does the snitch wake every night", "no", "wake each Minion"),
        ("does the farmer wake every night", "no", "wake a living good player"),
        ("does the king wake every night", "no", "does not wake on the first night"),
        # the Marionette is woken as the good character they think they are
        ("does the marionette wake every night", "info", "You think you are a good character"),
        ("does the marionette wake n1", "info", "never woken as the Marionette"),
        ("does the marionette wake on night 2", "info", "never woken as the Marionette"),
        # a step of the character's own is still its waking
        ("does the librarian wake n1", "yes", "the Librarian is step"),
        ("does the drunk wake every night", "info", "never woken as the Drunk"),
    ],
)
def test_a_night_step_that_wakes_another_is_not_the_characters_waking(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]
    assert "neither night's sheet" not in str(verdict["because"]) or "drunk" in question


@pytest.mark.parametrize(
    ("question", "bracket"),
    [
        ("the baron is in play, how many outsiders in a 7 player game", "[+2 Outsiders]"),
        ("how many outsiders with a fang gu", "[+1 Outsider]"),
        ("godfather in play how many outsiders do i need", "[-1 or +1 Outsider]"),
    ],
)
def test_a_count_asked_in_a_game_with_a_set_up_character_gives_its_change(kb, question, bracket):
    # not "A player who becomes the Baron during the game adds no Outsiders" (of later); the
    # usual count for each game size is not in the sources, and the answer says so
    verdict = ask(question, kb)["verdict"]
    assert bracket in verdict["text"]
    assert "do not list the usual numbers" in verdict["text"]
    assert "during the game" not in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "spy's drunk - do i still show her the grim??",
        "spy got poisoned n3, do i still show her the grim",
    ],
)
def test_a_denial_with_an_alternative_after_it_is_the_storytellers_choice(kb, question):
    # "do not show them the Grimoire — or show them a false one": not a plain no
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "storyteller"
    assert "show them a false one" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        ("how many times can the slayer shoot", "info", "once per game"),
        ("can the virgin be triggered twice", "no", "only the first time"),
        ("can the professor revive twice", "no", "once per game"),
        ("can the gambler guess more than once", "yes", "each night except the first"),
    ],
)
def test_how_often_an_ability_works_is_read_from_its_own_words(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        # one day or night asked of: that day's rule, not how often the ability works
        "how many times per day can the alsaahir make a guess",
        "can the monk protect twice in one night",
    ],
)
def test_how_often_within_one_day_or_night_is_left_to_the_rulings(kb, question):
    assert "ability works" not in ask(question, kb)["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "ability"),
    [
        ("what does the chef learn", "You start knowing how many pairs of evil players"),
        ("what info does the investigator get", "1 of 2 players is a particular Minion"),
        ("who does the librarian learn about", "1 of 2 players is a particular Outsider"),
    ],
)
def test_what_a_character_learns_is_its_ability_then_the_replays_example(kb, question, ability):
    # the ability answers a question telling no situation; what the replay's learner
    # learned follows it as one example (it led: "Ann (Chef) learns 1 (reliable)")
    text = ask(question, kb)["verdict"]["text"]
    assert ability in text.split(" In the replay, ")[0]
    assert " In the replay, Ann (" in text


def test_a_day_death_rule_is_not_the_answer_for_a_death_at_night(kb):
    # "When the Farmer dies during the day, nothing happens" is another case
    text = ask("farmer dies at night what happens", kb)["verdict"]["text"]
    assert text.startswith("When the Farmer dies at night")


@pytest.mark.parametrize(
    ("question", "clause"),
    [
        ("what happens when the klutz dies", "When you learn that you died, publicly choose"),
        ("what happens when the sweetheart dies", "When you die, 1 player is drunk"),
        ("what happens if the ravenkeeper dies at night", "If you die at night, you are woken"),
    ],
)
def test_what_happens_on_a_characters_death_is_its_abilitys_own_clause(kb, question, clause):
    # not "A Klutz who is dead but does not know it does not trigger the ability"
    assert clause in ask(question, kb)["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "answer", "others"),
    [
        ("what are the jinxes for the vizier", "info", ["the Fearmonger", "the Politician"]),
        ("which characters is the damsel jinxed with", "info", ["the Spy", "the Widow"]),
        ("does the chef have a jinx", "no", []),
    ],
)
def test_one_characters_jinxes_are_listed_from_the_official_list(kb, question, answer, others):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    for other in others:
        assert other in verdict["text"]
    assert verdict["because"][0]["source"] == "jinxes.json"
    if others:
        assert all(b["source"] == "jinxes.json" for b in verdict["because"][: len(others)])


@pytest.mark.parametrize(
    ("question", "lasting"),
    [
        ("when does the poisoner's poison wear off", "Tonight and tomorrow day:"),
        ("how long does the monk protection last", "Tonight:"),
        ("how long is the sweetheart drunk", "From now on:"),
        # the clause of the state asked: the drunkenness, not the protection "tonight"
        ("when does the innkeeper drunk end", "Until dusk:"),
        # "until when" (was the Sailor's self-choice note, and the Minstrel's drunk case)
        ("sailor drunk until when", "Until dusk:"),
        ("minstrel: minion executed, everyone drunk until when", "Until dusk tomorrow:"),
    ],
)
def test_how_long_an_effect_lasts_is_the_abilitys_own_words(kb, question, lasting):
    assert lasting in ask(question, kb)["verdict"]["text"]


@pytest.mark.parametrize(
    "question", ["how often does the red herring change", "how long does the red herring last"]
)
def test_how_often_and_how_long_are_not_read_of_a_player_a_token_names(kb, question):
    # the Red Herring brings in the Fortune Teller, whose ability is not what is asked
    text = ask(question, kb)["verdict"]["text"]
    assert "ability works" not in text and "ability says so" not in text


@pytest.mark.parametrize(
    "question",
    [
        "can i move the red herring",
        "does the red herring change each night",
        # a reminders question: the rule that answers first, the tokens after
        "ft red herring token, do i ever move it?",
    ],
)
def test_moving_what_stays_on_the_same_player_is_a_no(kb, question):
    # not the replay's set-up choice of whom the Red Herring marks ("Your choice: which good
    # player ..."), but "The “Red Herring” stays on the same player for the whole game"
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert verdict["text"].startswith("No: the “Red Herring” stays on the same player")


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("does the marionette know who the demon is", "do not wake the Marionette"),
        ("does the lil monsta know who the minions are", "skip the Minion Info and Demon Info"),
    ],
)
def test_an_evil_character_kept_from_its_info_step_by_its_own_rule_is_a_no(kb, question, rule):
    # (not the set-up step "choose a good player neighbouring the Demon" as information)
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert rule in verdict["because"][0]["quote"]


@pytest.mark.parametrize(
    "question",
    ["imp executed?", "what happens if the vortox is executed", "what happens when the po dies"],
)
def test_a_demons_death_is_the_games_rule_and_the_replay_shows_good_win(kb, question):
    # was "No: if no Minion is alive, nothing happens" (the Imp's starpass rule), with the
    # replay held back as playing nothing of the Imp's own
    body = ask(question, kb)
    assert "“If the Demon dies, the good team wins.”" in body["verdict"]["text"]
    assert body["verdict"]["answer"] == "info"
    assert body["replay"]["winner"]["team"] == "good"


@pytest.mark.parametrize("question", ["zombuul executed?", "lleech executed?"])
def test_a_demon_whose_ability_speaks_of_its_own_death_is_answered_by_its_rulings(kb, question):
    assert "good team wins" not in ask(question, kb)["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "own"),
    [
        ("what happens if the washerwoman is executed", None),
        ("chef executed?", None),
        ("what happens when the fortune teller dies", "When the Fortune Teller is dead"),
    ],
)
def test_a_death_its_ability_says_nothing_of_is_the_glossarys_rule(kb, question, own):
    # was a set-up step ("During set-up, ... place the Washerwoman “Townsfolk” reminder")
    verdict = ask(question, kb)["verdict"]
    assert "they immediately lose their ability" in verdict["text"]
    assert verdict["because"][0]["source"] == "glossary.json"
    if own:
        assert own in verdict["because"][1]["quote"]


@pytest.mark.parametrize(
    "question",
    [
        "what happens if the sailor is executed",  # "You can't die."
        "what happens if the saint is executed",  # "If you die by execution, ..."
        "what happens if the courtier is executed",  # the sources disagree: both shown
    ],
)
def test_a_death_its_ability_or_a_disagreement_speaks_of_is_not_the_glossarys(kb, question):
    assert "nothing of its own happens" not in ask(question, kb)["verdict"]["text"]


@pytest.mark.parametrize(
    "question",
    [
        "can a dead huntsman use their ability",
        "does the noble's ability work after he dies",
        "does a dead chef still wake",
    ],
)
def test_a_dead_characters_ability_is_lost_where_it_does_not_say_otherwise(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "they immediately lose their ability" in verdict["because"][0]["quote"]


@pytest.mark.parametrize(
    "question",
    [
        "can a dead sweetheart use their ability",  # "When you die, ..."
        "can a dead courtier use their ability",  # the sources disagree over its death
    ],
)
def test_a_dead_characters_ability_its_words_or_a_disagreement_speak_of(kb, question):
    assert "does not say it works after death" not in ask(question, kb)["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "answer", "quoted"),
    [
        ("can the godfather kill", "yes", "choose a player tonight: they die"),
        ("does the gossip kill anyone", "yes", "a player dies"),
        # a death the ability supposes, or its own, is no kill
        ("can the grandmother kill", "no", "If the Demon kills them, you die too."),
        ("can the scarlet woman kill", "no", "the Demon dies"),
        ("can the mayor kill", "no", "another player might die instead"),
        ("can the poisoner kill", "no", "they are poisoned"),
        ("can the fortune teller kill", "no", "you learn if either is a Demon"),
    ],
)
def test_whether_a_character_kills_is_read_from_its_ability(kb, question, answer, quoted):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert quoted in verdict["because"][0]["quote"]
    assert "shows otherwise" not in verdict["text"]  # one replay is no rule of the ability
    assert not verdict["text"].endswith("”.")  # (a stop the quotation ends on is not doubled)


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("how do i run the imp", "each night except the First Night, wake the Imp"),
        ("how do i run the tea lady", "the Tea Lady does not wake at night"),
        ("how do i run the innkeeper", "each night except the First Night, wake the Innkeeper"),
        # told to, not asked how (was a ruling for "run the gatekeeper", the new Imp's waking
        # for "run the imp")
        ("run the imp", "each night except the First Night, wake the Imp"),
    ],
)
def test_a_plain_how_to_run_leads_with_the_first_step(kb, question, first):
    # not the most relevant step ("Wake the new Imp at the next opportunity tonight", "Then
    # choose one of the two and place the “Drunk” reminder token on them")
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].split(": ", 1)[1].startswith(first)
    assert verdict["because"][0]["source"].startswith("000_")


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # a step it "might" act at wakes it all the same, until a once-per-game ability is used
        ("does the cult leader wake every night", "yes", "Yes: "),
        ("does the engineer wake every night", "yes", "Yes, until it has used its ability"),
        # a condition on something else than its waking
        ("does the village idiot wake every night", "yes", "Yes: "),
        # "If there are 7 or more players, wake the Lunatic"
        ("does the lunatic wake every night", "info", "Only when the sheet's conditions hold"),
    ],
)
def test_waking_every_night_with_a_condition_on_the_sheet(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        ("can the recluse register as evil", "yes", "You might register as evil"),
        ("can the spy register as a demon", "no", "You might register as good"),
        ("can the spy register as evil", "yes", "the Spy is a Minion, so evil"),
        # not by its own ability; another's can (the Lycanthrope's)
        ("can the chef register as evil", "info", "“One good player registers as evil.”"),
    ],
)
def test_whether_a_character_registers_as_a_kind_is_its_own_ability_or_anothers(
    kb, question, answer, said
):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]
    assert not verdict["text"].startswith("Ann ")  # (not the replay's one case first)


@pytest.mark.parametrize(
    ("question", "answer", "own"),
    [
        # was "No: if they died during the day, the ability does not trigger"
        ("can the ravenkeeper be executed", "yes", None),
        ("can the gossip be executed", "yes", None),
        ("can the sailor be executed", "yes", "You can't die."),
        ("can the beggar be executed", "no", None),  # a Traveller: exiled
    ],
)
def test_whether_a_character_can_be_executed_is_the_glossarys_rule(kb, question, answer, own):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert "other than a Traveller" in verdict["because"][0]["quote"]
    if own:
        assert own in verdict["because"][1]["quote"]
    assert "If you die at night" not in verdict["text"]  # (the Ravenkeeper's: not by day)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("can the monk protect the same player two nights in a row", "yes"),
        ("can the poisoner poison the same person twice in a row", "yes"),
        ("can the exorcist pick the same player two nights in a row", "no"),  # "different to
        ("can the devils advocate choose the same player two nights in a row", "no"),  # last"
        # "twice" alone (was "Each night, wake the Poisoner.", as information)
        ("can the poisoner poison the same person twice", "yes"),
        ("can the devils advocate pick the same player twice", "no"),
    ],
)
def test_choosing_the_same_player_again_is_read_from_the_ability(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["because"][0]["source"] == "roles.json"


def test_the_same_player_twice_of_an_ability_choosing_two_is_not_read_as_two_nights(kb):
    # "twice" may be both of one night's picks: no "nothing in its ability stops it"
    verdict = ask("can the fortune teller pick the same player twice", kb)["verdict"]
    assert "nothing in the Fortune Teller's ability stops it" not in verdict["text"]


@pytest.mark.parametrize("question", ["what reminder tokens does the empath use"])
def test_a_character_with_no_reminder_tokens_is_told_so_and_no_unrelated_step(kb, question):
    # was "Reminder tokens for the Empath: none recorded. Give a finger signal."
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"] == "Reminder tokens for the Empath: none recorded."
    assert verdict["because"][0]["source"] == "roles.json"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # was "This new Imp does not act that same night, ..." (the starpass): the engine
        # does not simulate the Ogre or the General, so the rulings answer
        ("the imp attacks the ogre tonight, does the ogre die", "yes"),
        ("the vortox attacks the general tonight, does the general die", "yes"),
    ],
)
def test_the_demons_kill_of_a_character_the_engine_does_not_simulate(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert "choose a player: they die" in verdict["because"][0]["quote"]


@pytest.mark.parametrize(
    "question",
    ["the pukka attacks the general tonight, does the general die"],  # a night later
)
def test_a_demons_kill_its_or_the_others_words_qualify_is_left_to_the_rulings(kb, question):
    assert "keeps them alive" not in ask(question, kb)["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        # (the engine plays the Princess since 2026-12-07: the replay's death; its own case in
        # which the Demon does not kill was said where the rulings alone answered)
        (
            "the imp attacks the princess tonight, does the princess die",
            "yes",
            "Ann (Princess) dies",
        ),
        # rulings that say another survives are no rule of its own (the Atheist's "The
        # Storyteller ... does not die"; the Golem's "a dead player ... do not die again")
        ("the imp attacks the atheist tonight, does the atheist die", "yes", "keeps them alive"),
        ("the imp attacks the golem tonight, does the golem die", "yes", "keeps them alive"),
        # a Fabled is no player's (was "Yes: ... nothing of the Djinn's keeps them alive")
        ("the imp attacks the djinn tonight, does the djinn die", "no", "is a Fabled"),
    ],
)
def test_whom_a_demons_kill_may_take(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        ("does the chef count the baron", "yes", "Yes: the Baron is a Minion, so evil"),
        ("does the empath count the drunk as evil", "no", "No: the Drunk is an Outsider"),
        # its own ability: it might register as the other alignment
        ("does the empath count the spy", "storyteller", "Your choice: the Spy is a Minion"),
        ("is the recluse counted by the empath", "storyteller", "Your choice: the Recluse"),
    ],
)
def test_whether_an_evil_counter_counts_a_character_is_its_alignment(kb, question, answer, lead):
    # was "A good player who registers as evil may be counted as evil" for all of them
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # "nominates her": the other one named, the Virgin (the replay's nominator was a filler)
        ("does the virgin trigger if the washerwoman nominates her", "yes", "Yes: Ben"),
        ("the drunk nominates the virgin, does she trigger", "no", "No: Ann (Drunk) is not"),
        # it hangs on what the Spy registers as to the Virgin, which the replay took by default
        ("does the virgin trigger if the spy nominates her", "storyteller", "Your choice: what"),
    ],
)
def test_whether_an_ability_goes_off_is_what_the_replay_shows_of_it(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


def test_whether_one_can_register_so_to_another_is_yes_as_the_storyteller_chooses(kb):
    verdict = ask("demon killed the sage, can the recluse be one of the 2 i point at", kb)
    assert verdict["verdict"]["answer"] == "yes"
    assert verdict["verdict"]["text"].startswith("Yes, as you choose what Ben (Recluse) registers")


def test_a_negative_in_the_case_a_rule_holds_in_is_no_denial(kb):
    # "The Zombuul only wakes at night to attack if nobody died that day": the "nobody" is
    # the case's, and the question tells no death today (was "No: ...")
    verdict = ask("the zombuul attacks the general tonight, does the general die", kb)["verdict"]
    assert verdict["answer"] != "no"


@pytest.mark.parametrize(
    "question", ["can the imp kill the soldier", "can the imp kill the sailor"]
)
def test_a_kill_asked_of_one_its_ability_keeps_alive_is_not_the_choice_rule(kb, question):
    # was "Yes: the Imp's ability says to choose a player, and any player can be chosen: the
    # Soldier too (the replay below shows otherwise ...)": chosen, yes; killed, no
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "does not die" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "choice"),
    [
        # with the Imp picked the Fortune Teller's yes is the same whatever the Recluse
        # registers as: not the choice the answer turns on
        ("fortune teller picks the imp and the recluse", False),
        ("fortune teller picks the chef and the recluse", True),
    ],
)
def test_a_registration_that_cannot_change_the_outcome_is_no_choice_asked(kb, question, choice):
    verdict = ask(question, kb)["verdict"]
    assert (verdict["answer"] == "storyteller") is choice


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "When the Vortox is drunk or poisoned, all three clauses stop: ...": the ability's
        # "Each day, if no-one is executed, evil wins." is what is asked (was info)
        ("vortox poisoned today and no exe. evil win at end of day?", "no"),
        ("vortox got poisoned tonight. do i still have to give the info roles false info", "no"),
        ("recluse is poisoned today, can i still have him ping as evil to info roles or no", "no"),
        # what the stopped ability kept from happening may happen: not a no
        ("tea lady is dead, can her neighbours die?", "yes"),
        # the state the rule stops it in is not told
        ("vortox is alive today and no exe. evil win at end of day?", None),
        # the state told is what is asked, not a part of the ability ("When the Slayer is
        # dead, the ability stops" is no answer to it; was "No")
        ("can the slayer die at night", None),
    ],
)
def test_an_ability_stopped_by_the_state_told_does_not_do_what_is_asked(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    if answer is None:
        assert verdict["answer"] != "no"
    else:
        assert verdict["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # its own rulings' case of choosing itself: it may (was information)
        ("can the imp choose themselves", "yes", "Yes: if the Imp pointed to themself"),
        ("can the sailor pick himself", "yes", "Yes: if they choose themself"),
        ("can the summoner choose themselves", "yes", "Yes: a good player is a valid choice"),
        # an ability that chooses nobody (were "No: the Imp does not get to choose another
        # player ...", "No: you can choose to never kill the Tinker")
        ("can the soldier choose themselves", "info", "The Soldier's ability chooses no player"),
        ("can the tinker choose themselves", "info", "The Tinker's ability chooses no player"),
        # unchanged: "(not yourself)", and a ruling saying it may
        ("can the monk choose themselves", "no", "No:"),
        ("can the fortune teller choose themselves", "yes", "Yes: the Fortune Teller themself"),
    ],
)
def test_choosing_itself_is_read_from_its_own_rulings_case_or_its_ability(
    kb, question, answer, lead
):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # a Fabled is the Storyteller's: neutral (was "Your choice: once per game, ...")
        ("is the fibbin evil", "no", "No: the Fibbin is a Fabled: neutral"),
        # an apostrophe typed in the name (was a Courtier ruling, as information)
        ("is the lil' monsta evil", "yes", "Yes: the Lil' Monsta is a Demon: evil"),
        # a quotation's own stop ends the answer, not doubled after it
        ("is the spy evil", "yes", "Yes: the Spy is a Minion: evil"),
        # "count as" (was an execution ruling, as information, for the Thief, the Exorcist
        # ...); what it registers as is the Storyteller's
        ("does the tinker count as an outsider", "yes", "Yes: the Tinker is an Outsider"),
        ("does the exorcist count as an outsider", "no", "No: the Exorcist is a Townsfolk"),
        ("does the recluse count as evil", "storyteller", "Your choice: the Recluse is an"),
    ],
)
def test_a_characters_team_and_alignment_is_its_types(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)
    assert not verdict["text"].endswith("”.")


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # a Fabled is the Storyteller's (was "Yes: ... any player can be")
        ("can the fibbin be poisoned", "no", "No: the Fibbin is a Fabled"),
        ("can the djinn get drunk", "no", "No: the Djinn is a Fabled"),
        # its own rulings disagree on it ("Lil’ Monsta isn’t a player, so can’t be drunk or
        # poisoned"): not the glossary's yes for any player
        ("can the lil monsta be poisoned", None, "the sources disagree"),
        ("can the acrobat be poisoned", "yes", "Yes: the Acrobat has no rule of its own"),
    ],
)
def test_whether_a_character_can_be_drunk_or_poisoned(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    if answer is None:
        assert verdict["answer"] != "yes"
        assert lead in verdict["text"]
    else:
        assert verdict["answer"] == answer
        assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # were "No: no protection and no cannot-die ability stops it" (the Assassin's kill),
        # "No: when the Slayer is dead, the ability stops"
        ("can the assassin die at night", "yes"),
        ("can the saint die at night", "yes"),
        ("can the virgin be killed at night", "yes"),
        # its own words keep it alive, or speak of its death: the rulings and replay answer
        ("can the soldier die at night", "no"),
        ("can the fool die at night", None),
    ],
)
def test_whether_a_character_can_die_at_night(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    if answer is None:
        assert "Demons usually kill players at night" not in verdict["text"]
    else:
        assert verdict["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # were "No: when the Poisoner is drunk or poisoned, nobody is poisoned" (what its
        # ability then does not do, read as not waking), the Courtier's, the Sailor's ...
        ("do i still wake the poisoner if they are poisoned", "yes", "Yes: wake the Poisoner"),
        ("the empath is poisoned tonight, do i still wake her", "yes", "Yes: wake the Empath"),
        ("does a drunk chambermaid still wake", "yes", "Yes: wake the Chambermaid as normal"),
        # its own rule not to wake it so
        ("do i still wake the wraith if they are poisoned", "no", "No: when the Wraith is"),
        # the sheets never wake it (was the Baron's "Yes" from another ruling)
        ("do i still wake the baron if they are poisoned", "no", "No: the Baron is on neither"),
        ("do i still wake the farmer if they are drunk", "no", "No: the Farmer is not woken"),
    ],
)
def test_a_drunk_or_poisoned_character_is_woken_as_normal(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


def test_with_the_fabled_that_keeps_them_asleep_poisoned_players_do_not_wake(kb):
    question = "i see dead people fabled is out. empath is poisoned, do i still wake them"
    assert ask(question, kb)["verdict"]["answer"] != "yes"


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # were information or a choice from another ruling ("Swap the Apprentice & Townsfolk
        # or Minion tokens.", "Your choice: when the Balloonist is drunk or poisoned, ...")
        ("does the apprentice's ability still work if they are drunk", "no", "No: “A drunk"),
        ("does the assassin's ability still work if they are poisoned", "no", "No: “A poisoned"),
        # its own rule says the state changes nothing, or that it still works
        ("does the baron's ability still work if they are drunk", "yes", "Yes: a drunk or"),
        ("does the goon's ability still work if they are drunk", "yes", "Yes:"),
    ],
)
def test_a_drunk_or_poisoned_characters_ability_does_not_work(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # was "Yes: this is separate from the red herring, ..." (a Recluse ruling) for 39
        # characters; the Lunatic's "No: the Lunatic thinks they are a Demon ..."; the
        # Marionette's "Yes: the Marionette thinks they are a good character ..."
        ("can the recluse be the red herring", "yes", "Yes: the red herring is a good player"),
        ("can the lunatic be the red herring", "yes", "Yes: the red herring is a good player"),
        ("can the marionette be the red herring", "no", "No: the red herring is a good player"),
        ("can i make the spy the fortune teller's red herring", "no", "No: the red herring"),
        ("can the thief be the red herring", "storyteller", "Your choice: the red herring"),
        # its own: "The Fortune Teller themself is a valid choice." (was information)
        ("can the FT be his own RH", "yes", "Yes: the Fortune Teller themself is a valid"),
    ],
)
def test_the_red_herring_is_a_good_player(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        # its own ability (was "If the Assassin attacks the Goon, the Goon dies and turns
        # evil.", as information)
        ("can the goon turn evil", "yes", "the Goon's ability: “You become their alignment.”"),
        # another's, of its type (were rulings about something else)
        ("can the chef turn evil", "yes", "the Mezepheles's"),
        ("can the recluse turn evil", "yes", "the Fang Gu's"),
        ("can the baron turn evil", "info", "evil already"),
    ],
)
def test_whether_a_character_can_turn_evil(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]


def test_an_ability_making_outsiders_evil_is_not_said_of_a_townsfolk(kb):
    assert "Fang Gu" not in ask("can the chef turn evil", kb)["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # were "No: if the Demon tries to kill the Soldier, the Soldier does not die." (safe
        # from the Demon, not from an execution), the Innkeeper's "No: nobody dies. ..."
        ("does the soldier die if executed", "yes", "Yes: nothing of the Soldier's"),
        ("does the innkeeper die if executed", "yes", "Yes: nothing of the Innkeeper's"),
        ("can the chef survive execution", "no", "No: nothing of the Chef's"),
        # its own words, after the replay's execution it survives
        ("does the sailor die if executed", "no", "No: Ann (Sailor) does not die"),
        # its own rule of surviving is of a death at night
        ("does the mayor die if executed", "yes", "Yes: nothing of the Mayor's"),
        # a Traveller is exiled
        ("does the beggar die if executed", "no", "No: the Beggar is a Traveller, exiled"),
    ],
)
def test_whether_a_character_dies_when_executed(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


def test_the_saints_own_words_on_execution_follow_the_yes(kb):
    verdict = ask("does the saint die if executed", kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert "“If you die by execution, your team loses.”" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a name that is also a word, with a state between it and its article (was nothing
        # recognised: "I could not tell which character this is about")
        ("can a dead judge nominate", {"judge": ["dead"]}),
        ("can the poisoned wizard grant a wish", {"wizard": ["poisoned"]}),
        # an alignment is no such cue ("the good twin": no Evil Twin)
        ("the good twin got executed", {}),
    ],
)
def test_a_word_name_after_a_state_and_its_article(kb, question, expected):
    understood = ask(question, kb)["understood"]
    assert {c: sorted(v) for c, v in understood["conditions"].items()} == expected
    assert set(understood["characters"]) >= set(expected)


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # itself named again (was "Yes: the Monk's protection also prevents ...", and the
        # Poisoner's "No: when the Poisoner is drunk or poisoned, nobody is poisoned.")
        ("can the monk protect the monk", "no", "No: the Monk's ability chooses a player other"),
        ("can the poisoner poison the poisoner", "yes", "Yes: the Poisoner may choose themself"),
    ],
)
def test_a_choice_of_itself_named_again(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # its own rule is on voting, not nominating (was "No: while five or more players are
        # alive, the Zealot must vote on every nomination ...")
        ("can the zealot nominate", "yes", "Yes: the Zealot has no rule of its own on it"),
        # votes counted are no rule on its voting (was "The Judge may use their ability
        # during or after the votes are tallied.", as information)
        ("can a dead judge vote", "yes", "Yes: the Judge has no rule of its own on it"),
        # its own: the rulings answer
        ("can a dead banshee vote", "info", "From then on the Banshee, though dead"),
        ("can the djinn vote", "no", "No: the Djinn is a Fabled"),
    ],
)
def test_whether_a_character_may_nominate_or_vote(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # a count is the table's set-up: the replay's outcome leads (was the starpass's "If the
        # Imp pointed to themself, the Imp dies and a living Minion becomes the Imp." alone)
        ("imp kills himself and there are no minions", "Ben (Imp) dies; no Minion is alive"),
        ("imp kills himself with no minions left", "Ben (Imp) dies; no Minion is alive"),
    ],
)
def test_a_situation_with_a_count_told_is_replayed(kb, question, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(lead)
    assert "good wins" in verdict["text"]


def test_players_chosen_are_no_count_of_the_table(kb):
    # "her two players" are the Sage's, not two players alive (the replay was an evil win
    # with two left: "Yes: evil wins: only two players are alive and one is the Demon.")
    answer = ask("Sage was executed today. Does she still get to learn her two players?", kb)
    assert "evil wins" not in answer["verdict"]["text"]
    assert answer["replay"]["winner"] is None


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # a requirement asked, lifted by the rule (was the storyteller's choice of who is shown)
        (
            "sage was drunk and the demon killed her on n3. when i wake her do the 2 players i "
            "show still have to include the demon?",
            "no",
            "No: if the Sage was drunk or poisoned when they died, neither of the two need be",
        ),
        # "take over" asks whether she becomes the Demon: the replay answers (was information);
        # "she" is the Scarlet Woman the sentence opens on, not the Imp in its "when" clause
        (
            "SW was drunk when the imp got exed, 7 alive. does she still take over",
            "no",
            "No: Ben (Scarlet Woman) has no working Scarlet Woman ability",
        ),
        (
            "imp got exed with 5 alive but one of the 5 is a thief. does the SW still take over?",
            "no",
            "No: only 4 players (not Travellers) were alive when the Demon died",
        ),
        (
            "imp executed today, 5 alive not counting the traveller. scarlett woman still alive, "
            "does she take over?",
            "yes",
            "Yes: 5 players were alive when Ben (Imp) died: Cat (Scarlet Woman) becomes the Imp",
        ),
    ],
)
def test_a_requirement_or_a_take_over_asked(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


def test_she_is_the_subject_her_sentence_opens_on(kb):
    understood = ask(
        "SW was drunk when the imp got exed, 7 alive. does she still become the demon", kb
    )["understood"]
    assert understood["asked"] == {"scarletwoman": ["becomes"]}


@pytest.mark.parametrize(
    "question",
    ["lil monsta dies w 6 alive, SW take over?", "lil monsta dies w 6 alive, SW become the demon?"],
)
def test_a_change_of_character_asked_without_its_does(kb, question):
    understood = ask(question, kb)["understood"]
    assert understood["conditions"] == {"lilmonsta": ["dead"]}
    assert understood["asked"] == {"scarletwoman": ["becomes"]}


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # the size is in the glossary entry's first sentence, the deciding one its second
        # (was "The Demon learns which players are the Minions, ..." as information)
        ("does the demon learn bluffs with 6 players", "no", "No, with 6 players: Shorthand"),
        ("does the demon learn bluffs with 9 players", "yes", "Yes, with 9 players: Shorthand"),
        ("do minions learn each other in a 12 player game", "yes", "Yes, with 12 players:"),
        ("lunatic n1 in an 8 player game, do i wake them", "yes", "Yes: only when the sheet's"),
    ],
)
def test_the_game_size_a_rule_needs(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


def test_a_set_up_change_counts_from_the_size_told_with_players(kb):
    # (two patterns shared one name; the later one, for game sizes, read no "with 7 players")
    verdict = ask("how many outsiders with the baron with 7 players", kb)["verdict"]
    assert "change the usual number for 7 players by that" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "learned"),
    [
        # unnamed neighbours told evil are seated so (was "Ann (Empath) learns 0 (reliable)",
        # the replay's evil players sitting elsewhere)
        ("what does the empath learn if both neighbours are evil", "learns 2 (reliable)"),
        ("empath has two evil neighbours, what number", "learns 2 (reliable)"),
    ],
)
def test_neighbours_told_evil_sit_beside_the_learner(kb, question, learned):
    verdict = ask(question, kb)["verdict"]
    assert learned in verdict["text"]


def test_one_evil_neighbour_is_one(kb):
    answer = ask("empath has one evil neighbour, what does she get", kb)
    learned = [i["answer"] for i in answer["replay"]["info"].values() if i["character"] == "empath"]
    assert learned == [1]


@pytest.mark.parametrize(
    ("question", "answer", "quote"),
    [
        # no character named (was "I could not tell which character this is about")
        ("can a dead player nominate", "no", "“Only alive players may nominate.”"),
        ("can dead players nominate?", "no", "“Only alive players may nominate.”"),
        # (was the "Vote" entry's sentence, as information)
        ("do dead players get to vote", "yes", "“Dead players may only vote once more"),
        ("can alive players vote", "yes", "may vote as many times as they wish"),
        # more than once asked, the entry's "only ... once" (was its sentence, as information)
        ("can the dead vote twice", "no", "“A dead player may only vote once"),
    ],
)
def test_what_dead_or_alive_players_may_do(kb, question, answer, quote):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert quote in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # the night's kill refused, nobody dead in the replay (was "Later tonight, do not wake
        # the Demon; wake the new Imp at the next opportunity tonight", as information)
        ("exorcist picks the imp, does anyone die tonight", "no", "No: the engine refuses Cat's"),
        # "no one" asked: the same replay is a yes (was the Mayor's rule, as information)
        (
            "mayor attacked at night, can i bounce the kill onto the soldier and have noone die?",
            "yes",
            "Yes: Ben (Soldier) does not die",
        ),
    ],
)
def test_whether_anyone_dies_where_the_replay_played_the_kill(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    "question",
    [
        "imp attacks the mayor and i want to bounce it onto the monk protected player. does "
        "anyone die then?",
        "imp went for the mayor and i bounced it to the innkeeper protected guy, does he die",
    ],
)
def test_a_death_bounced_onto_the_player_an_ability_protected(kb, question):
    # "the monk protected player" is the one the Monk protected (the replay bounced the kill
    # onto the Monk, who died)
    answer = ask(question, kb)
    request = answer["replay"]["request"]
    names = {p["character"]: p["name"] for p in request["players"]}
    protector = next(c for c in ("monk", "innkeeper") if c in names)
    protected = next(
        t
        for a in request["phases"][0]["actions"]
        if a["player"] == names[protector]
        for t in a["targets"]
    )
    assert request["choices"] == {f"night2.mayor.{names['mayor']}.bounce": protected}
    assert answer["replay"]["deaths"] == []
    assert answer["verdict"]["answer"] == "no"
    assert answer["verdict"]["text"].startswith(f"No: {protected} (Chef) does not die: ")


@pytest.mark.parametrize(
    "question",
    [
        # the Soldier's death asked: the Demon attacked the Soldier, and the bounce the
        # question tells went unused (the engine refused the replay)
        "mayor bounces the kill to the soldier, does the soldier die",
        # "bounce go to": no bounce was read, and the Mayor died
        "does the mayor bounce go to the soldier",
    ],
)
def test_the_kill_bounced_is_the_demons_on_the_mayor(kb, question):
    answer = ask(question, kb)
    request = answer["replay"]["request"]
    names = {p["character"]: p["name"] for p in request["players"]}
    attacks = [a for a in request["phases"][0]["actions"] if a["player"] == names["imp"]]
    assert [a["targets"] for a in attacks] == [[names["mayor"]]]
    assert request["choices"] == {f"night2.mayor.{names['mayor']}.bounce": names["soldier"]}
    assert answer["replay"]["deaths"] == []
    assert answer["verdict"]["text"].startswith(
        ("No: Ben (Soldier) does not die: ", "Ben (Soldier) does not die: ")
    )


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # a death at night its ability acts on is beside an execution (was "Ann (Ravenkeeper)
        # dies. The Ravenkeeper: ..." and the Farmer's rulings)
        (
            "what happens when the ravenkeeper is executed",
            "The Ravenkeeper dies, as any player executed does, and nothing of its own happens: "
            "its ability acts only on a death at night (“If you die at night,",
        ),
        (
            "what happens when the farmer is executed",
            "The Farmer dies, as any player executed does, and nothing of its own happens: its "
            "ability acts only on a death at night (“When you die at night,",
        ),
        # the storyteller's own words for it (was the rulings' "When the Chef is dead ...")
        (
            "what happens if we execute the chef",
            "The Chef dies, as any player executed does, and nothing of its own happens",
        ),
    ],
)
def test_what_happens_when_a_character_is_executed(kb, question, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(lead)


def test_a_death_at_night_still_answers_a_death(kb):
    # (dying, not executed: the Ravenkeeper's own rule is what happens)
    verdict = ask("what happens when the ravenkeeper dies", kb)["verdict"]
    assert "nothing of its own happens" not in verdict["text"]


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # a case the question says is not so (was "If the statement was not true, nothing
        # happens.")
        ("gossip says something true, who dies", "Your choice: that night, if the statement"),
        # the drunk-or-poisoned case a sentence opens on, for a Po told nothing of (was "If the
        # Po was drunk or poisoned when they chose nobody last night, ...")
        ("po didnt kill last night, so tonight hes got how many picks", "If your last choice"),
        # a state the question only wonders about is no denial of the rule's case
        (
            "atheist is on the script. a student just tried to nominate me, the ST. is that even "
            "allowed if we dont know the atheist is in play",
            "Yes: this is allowed even if the Atheist is not in play",
        ),
    ],
)
def test_a_case_the_question_rules_out_does_not_decide(kb, question, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(lead)


@pytest.mark.parametrize(
    "question",
    [
        # a denial of something else is no answer to a duty (was "No: if they choose a good
        # player, nothing happens and the game goes on ...")
        "is the klutz forced to choose",
        # "do not wake the Demon" is the skip asked, not its denial (was "No: ...")
        "toymaker game. demon has attacked every single night so far and tonights kill could end "
        "it. am i forced to skip them?",
    ],
)
def test_a_denial_beside_the_duty_asked_is_no_no(kb, question):
    assert ask(question, kb)["verdict"]["answer"] != "no"


def test_a_denial_of_the_duty_asked_is_still_a_no(kb):
    verdict = ask(
        "sweetheart was poisoned when she got executed today - do i still have to make "
        "someone drunk?",
        kb,
    )["verdict"]
    assert verdict["answer"] == "no"


def test_the_outcome_asked_happening_still_is_a_yes(kb):
    # (was the sentence as information)
    verdict = ask("does the barber swap happen if the demon is drunk", kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert verdict["text"].startswith("Yes: if the Demon is drunk or poisoned, the swap still")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # players spoken of, not the table (was two alive, and the Seamstress's answer led
        # with what the replay's Seamstress learned)
        ("does the seamstress learn if two players are the same alignment", (None, None)),
        ("harpy picked 2 people, who do i wake after and what do i show", (None, None)),
        (
            "barber got exe'd today but the demon is poisoned. does the demon still get to swap 2 "
            "ppl",
            (None, None),
        ),
        # the table's
        ("We are down to three living players and the day is about to end", (3, None)),
        ("kazali n1, 8 players, kazali points at the chef", (8, None)),
        ("imp executed with 5 players", (5, None)),
    ],
)
def test_a_count_of_players_is_the_tables_only_where_said_so(question, expected):
    from service.answer.situation import counts

    assert counts(question) == expected


def test_a_general_question_does_not_lead_with_a_replays_learning(kb):
    verdict = ask("does the seamstress learn if two players are the same alignment", kb)["verdict"]
    assert "learns" not in verdict["text"].split(".")[0]


@pytest.mark.parametrize(
    "question",
    [
        # the red herring chosen is the one the replay marks (was a red herring of the
        # engine's own choosing: "Storyteller's choice: which good player is the Fortune
        # Teller's red herring (the replay took Ann)")
        "fortune teller picks the imp and the red herring",
        # the name after an unnamed first choice is chosen too (was two fillers: "learns no")
        "FT picks the red herring and the imp, what do they learn",
    ],
)
def test_the_fortune_teller_choosing_the_red_herring_and_the_imp(kb, question):
    replay = ask(question, kb)["replay"]
    told = [i for i in replay["info"].values() if i["character"] == "fortuneteller"]
    assert [i["answer"] for i in told] == ["yes"]
    herring = [
        p["name"]
        for p in replay["request"]["players"]
        if any(r["token"] == "Red Herring" for r in p.get("reminders", ()))
    ]
    imp = next(p["name"] for p in replay["request"]["players"] if p["character"] == "imp")
    if question.startswith("fortune teller"):
        assert len(herring) == 1 and herring[0] != imp
    chosen = replay["request"]["phases"][0]["actions"][0]["targets"]
    assert imp in chosen


def test_the_fortune_teller_as_their_own_red_herring_is_not_marked_on_another(kb):
    replay = ask("FT picks themself + someone and FT is their own red herring. nod?", kb)["replay"]
    assert not any(
        r["token"] == "Red Herring"
        for p in replay["request"]["players"]
        for r in p.get("reminders", ())
    )


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # a ruled-out case outweighs the learned chooser's liking for it (was "If the
        # statement was not true, nothing happens", as information)
        (
            "gossip made a true statement today then got exed. still a gossip kill tonight?",
            "no",
            "No: if the Gossip dies after speaking but before that night, the statement has no",
        ),
    ],
)
def test_a_ruled_out_case_gives_way_to_the_told_one(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


def test_no_outsider_in_play_is_ruled_out_by_one_named(kb):
    # (was "If no Outsider is in play, show zero on your fingers instead.")
    verdict = ask("librarian with a drunk in play", kb)["verdict"]
    assert "show zero" not in verdict["text"]


def test_two_jinxed_characters_may_play_together_unless_the_jinx_keeps_them_apart(kb):
    # (was "The jinx decides it: ..." as information)
    verdict = ask("can the spy and the damsel be in the same game", kb)["verdict"]
    assert verdict["text"].startswith("Yes, with a jinx: if the Spy is (or has been) in play")
    apart = ask("can the heretic and the baron be in play together", kb)["verdict"]
    assert apart["text"].startswith("No: the jinx keeps them apart")


@pytest.mark.parametrize(
    "question",
    [
        # a state told, then the same subject's act (was no link at all, and the replay
        # staged the Imp's execution: "Yes: Cat (Imp) dies; good wins")
        "slayer is drunk, shoots the imp, does the imp die",
        "slayer is drunk and shoots the imp, does the imp die",
    ],
)
def test_a_state_then_an_act_of_the_same_subject(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert verdict["text"].startswith("No: Ann (Slayer) shoots Cat (Imp) without a working")


@pytest.mark.parametrize(
    "question", ["can the imp choose to kill no one", "can the imp choose not to kill"]
)
def test_a_killer_choosing_nobody(kb, question):
    # (was "Yes: Ann (Chef) dies. When more than one Minion is alive, ...": the replay's
    # default attack read as the answer)
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "info"
    assert verdict["text"].startswith("The Imp chooses a player each night")
    assert "any player, alive or dead, can be chosen" in verdict["text"]


def test_a_killer_whose_ability_speaks_of_nobody_keeps_its_rulings(kb):
    verdict = ask("can the po choose nobody", kb)["verdict"]
    assert "attack nobody" in verdict["text"]


def test_nobody_dying_leads_only_where_an_attack_was_played(kb):
    # (was "No: nobody dies. When the Monk is drunk ...": no attack was played, and the
    # Drunk and the Monk sat as two players)
    answer = ask("the drunk is the monk. is the monk's target safe", kb)
    assert answer["verdict"]["text"].startswith("No: when the Monk is drunk or poisoned")
    drunk = [p for p in answer["replay"]["request"]["players"] if p["character"] == "drunk"]
    assert [p.get("thinks") for p in drunk] == ["monk"]
    # (was "No: nobody dies. The Soldier is also protected ...")
    soldier = ask("pukka picks the soldier. does the soldier get poisoned or is he safe", kb)
    assert not soldier["verdict"]["text"].startswith("No: nobody dies")


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # woken in the replay's night (was the rulings' "The cause does not matter ...")
        ("if the imp kills the ravenkeeper does the ravenkeeper wake", "yes"),
        # kept asleep (were information, the replay saying "is not woken tonight")
        ("imp went for the rk but monk protected the rk. does rk still wake", "no"),
        ("tinker died today (i killed him), does the zombie wake tonight", "no"),
    ],
)
def test_whether_one_named_wakes_is_the_replays_night(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_one_of_two_players_is_no_count_of_the_table():
    from service.answer.situation import counts

    assert counts("librarian shows 1 of 2 players is the drunk") == (None, None)


def test_a_pronoun_asking_becoming_is_one_of_those_named(kb):
    # (was the jinx as information)
    verdict = ask(
        "Reading ahead for S&V: the fang gu jumped into the klutz with 7 players alive, so the "
        "old fang gu died. My scarlet woman is alive too, does she become a demon as well?",
        kb,
    )["verdict"]
    assert verdict["answer"] == "no"
    assert "the Scarlet Woman remains the Scarlet Woman" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "wrong"),
    [
        # a death asked with nothing told to cause it is not staged (was "Yes: Ben (Imp) dies;
        # good wins: the Demon is dead." and "No: Ben (Baron) dies.")
        ("imp is poisoned, does the imp die", "Ben (Imp) dies"),
        ("baron poisoned does he die", "Ben (Baron) dies"),
    ],
)
def test_a_death_asked_with_no_cause_told_is_not_staged(kb, question, wrong):
    answer = ask(question, kb)
    assert wrong not in answer["verdict"]["text"]
    assert answer["verdict"]["answer"] != "yes"


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        ("does the soldier die if poisoned", "yes", "Ann (Soldier) dies"),
        ("does the monk protect if drunk", "no", "the protection does not work"),
        ("does the sailor die if executed", "no", "does not die"),
    ],
)
def test_a_premise_after_if_is_played_not_asked(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]


def test_a_jinx_with_a_character_not_named_is_no_second_voice(kb):
    # the Recluse/Ogre jinx is not the Recluse's word to an Undertaker
    verdict = ask("undertaker learns the recluse", kb)["verdict"]
    assert "Ogre" not in verdict["text"]


def test_an_english_word_before_one_is_no_name_heard(kb):
    # "kill the right one": "right" sounds as the Riot does, but it describes the "one"
    read = ask("gangster and his left neighbour agreed to kill the right one", kb)["understood"]
    assert read["characters"] == ["gangster"]


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # the one brought back was dead: the replay seats them dead and plays the choice
        ("can the professor revive the fool", "yes", "Yes: Ann (Professor) resurrects Ben (Fool)"),
        ("can the prof resurrect the drunk", "no", "No: Ann (Professor) chooses Ben (Drunk), who"),
        ("professor revives the chef", "info", "Ann (Professor) resurrects Ben (Chef)"),
        # brought back (was "The Professor has spent their ability and cannot bring them
        # back", the Chambermaid alive and choosing)
        (
            "professor brings back the chambermaid",
            "info",
            "Ann (Professor) resurrects Ben (Chambermaid)",
        ),
        (
            "prof brings the chambermaid back",
            "info",
            "Ann (Professor) resurrects Ben (Chambermaid)",
        ),
        ("can the professor bring back the fool", "yes", "Yes: Ann (Professor) resurrects Ben"),
    ],
)
def test_a_resurrection_told_or_asked_is_of_one_dead(kb, question, answer, lead):
    result = ask(question, kb)
    assert result["verdict"]["answer"] == answer
    assert result["verdict"]["text"].startswith(lead)
    named = next(m["id"] for m in result["understood"]["recognised"] if m["id"] != "professor")
    # the death is implied, shown apart from what the question tells
    assert result["understood"]["implied"] == {named: ["dead"]}
    assert named not in result["understood"]["conditions"]


@pytest.mark.parametrize(
    "question",
    ["can the washerwoman see the spy", "spy is poisoned tonight do i still show him the grim"],
)
def test_a_disagreement_after_a_death_is_no_aside_where_nobody_died(kb, question):
    # 000 and the official ability disagree on a dead Spy seeing the Grimoire: beside the
    # point of a living Spy (still listed among the conflicts)
    result = ask(question, kb)
    assert "the sources disagree" not in result["verdict"]["text"]
    assert any(c["character_id"] == "spy" for c in result["conflicts"])


def test_a_disagreement_after_a_death_is_said_where_one_died(kb):
    verdict = ask("the spy died last night, do i still wake her to see the grimoire", kb)["verdict"]
    assert "the sources disagree" in verdict["text"]


def test_a_denial_with_an_exception_that_grants_is_no_plain_no(kb):
    question = "the butler picked a dead player as their master. is the butler allowed to vote?"
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] != "no"
    assert "unless the master spends their dead vote" in verdict["text"]


def test_a_nomination_of_oneself_is_played_so(kb):
    # the Virgin, a Townsfolk, nominates herself: she is her own nominator, executed
    result = ask("can the virgin nominate herself", kb)
    assert result["verdict"]["text"].startswith("Ann (Virgin) dies")
    events = result["replay"]["request"]["phases"][0]["events"]
    assert events[0] == {"type": "nominate", "by": "Ann", "target": "Ann"}


def test_a_nomination_of_oneself_is_no_use_of_the_ability_on_oneself(kb):
    # "can the imp nominate himself" was replayed as a starpass, then the dead Imp's
    # nomination refused
    verdict = ask("can the imp nominate himself", kb)["verdict"]
    assert "killed themself" not in verdict["text"]
    assert "only alive players may nominate" not in verdict["text"]


def test_the_night_played_is_the_asked_learners(kb):
    # the Vortox named first wakes on other nights; the Chef, whose learning is asked, only on
    # the first: the replay plays the first night (it played an empty second night before)
    verdict = ask("vortox in play, what does the chef learn", kb)["verdict"]
    assert verdict["text"].startswith("Ann (Chef) learns")
    assert "not reliable: Cat's Vortox makes it false" in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "the barber dies, can the demon swap two minions",
        "Finn was the barber and he died today. Tonight the demon wants to swap herself with one"
        " of the other players. Is that allowed?",
    ],
)
def test_a_denial_for_one_made_that_character_is_no_no_for_the_character(kb, question):
    # "If a player dies then becomes the Barber, the Demon may not swap ...": a case of
    # becoming the Barber, which the question does not tell
    assert ask(question, kb)["verdict"]["answer"] != "no"


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # the state the replay ends with answers a state asked, where the rulings say no
        # yes or no of their own
        (
            "philo chose fortune teller, is the fortune teller drunk now",
            "yes",
            "Yes: Ben (Fortune Teller) is drunk.",
        ),
        ("courtier picks the vortox, is the vortox drunk", "yes", "Yes: Cat (Vortox) is drunk."),
        ("no dashii is next to the empath, is the empath poisoned", "yes", "Yes: Ben (Empath) is"),
    ],
)
def test_a_state_asked_is_the_replays_state(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


def test_a_state_the_sources_disagree_on_is_not_the_engines_to_say(kb):
    # the engine poisons the Soldier (000); 002 protects it from the Demon's poison
    verdict = ask("pukka picked the soldier, is the soldier poisoned", kb)["verdict"]
    assert "is poisoned." not in verdict["text"]


def test_a_pronoun_nominating_one_of_two_named_is_the_other(kb):
    # "she" is Lena, the Drunk: the Drunk nominates the Virgin, not a filler Chef
    question = (
        "lena is the drunk but she thinks shes a townsfolk, and she just nominated the virgin."
        " do i execute lena?"
    )
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert verdict["text"].startswith("No: Ann (Drunk) is not a Townsfolk: nothing happens")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # "the monk protected player" is the one the Monk protected, not the Monk
        ("imp kils the monk protected player", "Ben (Chef) does not die: Ann's Monk ability"),
        ("the assassin kills the monk protected player", "Ben (Chef) dies."),
    ],
)
def test_a_name_then_its_participle_is_the_one_it_acted_on(kb, question, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(said)
    assert "(Monk) dies" not in verdict["text"]


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # a terse question opening on a character that learns: what it learns leads
        ("librarian with no outsiders in play", "Ann (Librarian) learns 0"),
        ("librarian with only the drunk in play", "Ann (Librarian) learns Ben (Drunk) or"),
        ("clockmaker with no minions", "in the replay, Ann (Clockmaker) learns"),
    ],
)
def test_what_a_terse_questions_learner_learns_leads(kb, question, lead):
    assert lead in ask(question, kb)["verdict"]["text"].split(". ")[0]


@pytest.mark.parametrize(
    "question",
    [
        "can the chef choose themselves",  # a yes or no asked of something else
        "dreamer picks a traveller",  # a choice the replay did not play
        "drunk FT picks the goon first, goon still flip?",  # another's outcome asked
    ],
)
def test_what_a_learner_learns_does_not_lead_another_question(kb, question):
    assert " learns " not in ask(question, kb)["verdict"]["text"].split(". ")[0]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the Demon the Exorcist chose is not woken: it does not kill tonight
        ("exorcist picks the imp, does the imp kill", "no"),
        ("exorcist chose the po, does the po kill", "no"),
        # (not the night after the one played)
        (
            "po chose no one, then the exorcist picked the po the next night. does po get 3 kills"
            " the night after",
            "info",
        ),
    ],
)
def test_a_killer_kept_asleep_by_the_exorcist_does_not_kill(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_death_the_replay_played_does_not_lead_a_state_asked(kb):
    # the replay's own attack killed the Soldier; the question asks whether he is poisoned
    verdict = ask("the no dashii sits next to the soldier. is the soldier poisoned?", kb)["verdict"]
    assert "(Soldier) dies" not in verdict["text"]
    # ... while a question about what happens keeps the replay's death first
    assert ask("drunk Monk vs Assassin", kb)["verdict"]["text"].startswith("Ben (Chef) dies.")


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # was "Ben (Chef) dies. A Traveller nominating is not a Townsfolk, ..." (a filler
        # Chef nominated), then the Traveller's case quoted for an Outsider
        (
            "does the virgin lose her ability if nominated by an outsider",
            "Yes: Ben is not a Townsfolk: nothing happens; the Virgin's ability is spent. If "
            "the nominator is not a Townsfolk,",
        ),
        # was information: the rulings' "the ability is spent anyway" is not the deciding
        # sentence's
        (
            "virgin was drunk when the washerwoman nominated her and nothing happend, is the "
            "virgins ability used up now",
            "Yes: Ann has no working Virgin ability: nothing happens, and the ability is spent.",
        ),
    ],
)
def test_whether_an_ability_is_spent_the_replay_says(kb, question, lead):
    assert ask(question, kb)["verdict"]["text"].startswith(lead)


def test_another_types_case_is_not_quoted_for_a_type_with_a_word_before_it(kb):
    # "a drunk townsfolk": a Townsfolk told, so "A Traveller nominating is not a Townsfolk"
    # is another type's case (was the sentence leading the verdict)
    text = ask("virgin nominated by a drunk townsfolk", kb)["verdict"]["text"]
    assert "Traveller" not in text


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        # a Townsfolk told: "If the nominator is not a Townsfolk" is ruled out
        (
            "when a townsfolk noms the virgin and gets executed do we still vote on the virgin "
            "or is the day done",
            "info",
            "no further executions",
        ),
        # ... but not a Townsfolk only thought so: the Drunk nominating is no Townsfolk's
        (
            "the drunk (thinks theyre a townsfolk) nominated the virgin, do they get executed",
            "no",
            "If the nominator is not a Townsfolk",
        ),
    ],
)
def test_a_premise_denying_a_type_the_question_tells_is_another_case(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert said in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "minstrel: a minion is executed, who is drunk",
        "minstrel ability, minion exed. who gets drunk",
    ],
)
def test_who_is_made_drunk_asked_is_not_the_drunk_case(kb, question):
    # "who is drunk" asks whom the ability makes drunk, not of a drunk Minstrel (was "If the
    # Minstrel is drunk or poisoned when a Minion dies by execution, ...")
    assert "If the Minstrel is drunk" not in ask(question, kb)["verdict"]["text"]


def test_a_dead_characters_case_is_another_where_no_death_is_told(kb):
    # was "No: Nominating a dead Virgin does nothing." (no one is dead in the question)
    verdict = ask("does the virgin's ability work if a traveller nominates", kb)["verdict"]
    assert verdict["text"].startswith("No: a Traveller nominating is not a Townsfolk")
    # a death told keeps the dead Virgin's case
    told = ask("the virgin is dead, does anything happen if she is nominated", kb)["verdict"]
    assert "dead Virgin" in told["text"]


def test_the_replay_says_no_spent_ability_where_the_sources_disagree(kb):
    # the engine plays 000's Fool (a poisoned Fool's ability is not spent); 001 marks it
    # NO ABILITY either way: the replay's word is not the answer's
    verdict = ask("fool was poisoned when the imp killed him, does he keep his ability", kb)[
        "verdict"
    ]
    assert not verdict["text"].startswith("Yes: Ann has no working Fool ability")
    assert "the sources disagree" in verdict["text"]


def test_what_a_player_learns_is_not_a_denial_of_their_learning(kb):
    # was "No: the Demon learns that they cannot attack and who the Exorcist is": the
    # "cannot" is what the Demon learns
    verdict = ask("exorcist picks the demon, does the demon learn who the exorcist is", kb)
    assert verdict["verdict"]["answer"] != "no"
    assert "who the Exorcist is" in verdict["verdict"]["text"]


def test_a_choice_of_nobody_offered_is_no_denial(kb):
    # was "No: if tonight is not the First Night, choose a player to die, or choose no
    # player": the Legion's night choice, and its "no player" read as a denial of the death
    verdict = ask("legion executed, do they die", kb)["verdict"]
    assert verdict["answer"] != "no"


def test_a_denial_beside_what_is_asked_in_a_jinx_is_no_no(kb):
    # was "No: the jinx decides it: an Alchemist-Spy has no Spy ability & a Spy is in play":
    # the "no" is of the Alchemist's ability, the clause of what is asked says a Spy is in play
    verdict = ask(
        "alchemist got the spy ability. how that works, is real spy also in play then?", kb
    )["verdict"]
    assert verdict["answer"] != "no"


def test_two_outcomes_asked_bare_get_no_yes_or_no(kb):
    # was "No: when the Innkeeper is drunk or poisoned, nobody is protected ...": a "no" to
    # "dead or safe?" says neither
    verdict = ask(
        "innkeeper was poisoned on n3, picked seat 2 and seat 5. demon goes for seat 5, dead or "
        "safe?",
        kb,
    )["verdict"]
    assert verdict["answer"] == "info"
    # with its verb, the first outcome is what is asked: a yes is that one
    verdict = ask("vizier poisoned and exe'd, does he die or survive bc its day", kb)["verdict"]
    assert verdict["answer"] == "yes"


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # was "The Professor has spent their ability and cannot bring them back"
        (
            "professor brought the RK back. later on the imp kills the RK again. does he get to "
            "wake and pick again?",
            "A resurrected player who dies again dies as normal",
        ),
        # was "If the Gatekeeper was dead at dusk, the Demon acts twice tonight"
        (
            "custom script w ODE's gatekeeper — demon killed the gatekeeper tonight, so does the "
            "demon go again right now or is that from tomorrow night",
            "as the Gatekeeper was not dead at dusk",
        ),
    ],
)
def test_a_use_again_asked_is_answered_by_a_sentence_on_again(kb, question, said):
    assert said in ask(question, kb)["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # was "Three evil players in a row make two pairs; ..." (the Chef's counting)
        ("two players left, imp and chef, who wins", "info"),
        ("only 2 alive, the imp and the chef. does evil win", "yes"),
        ("final two, does good win", "no"),
    ],
)
def test_two_players_left_is_evils_win_by_the_glossary(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert "Evil wins when just 2 players are alive" in verdict["text"]
    assert verdict["because"][0]["source"] == "glossary.json"


def test_two_players_left_after_the_demon_died_is_goods_win(kb):
    verdict = ask("we executed the imp, 2 players left, who wins", kb)["verdict"]
    assert verdict["text"].startswith("Good wins")


def test_the_demon_dead_is_goods_win_by_the_glossary(kb):
    # was "A player that is not alive (the rules glossary, “Dead”)."
    verdict = ask("the demon is dead and a minion is alive, who wins", kb)["verdict"]
    assert verdict["text"] == (
        "Good wins: “If the Demon dies, the good team wins.” (the rules glossary, “Demon”)."
    )
    assert ask("demon is dead, does evil win", kb)["verdict"]["answer"] == "no"


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # was the glossary's sentence alone, its "at least half" left to work out
        ("how many votes to execute with 7 alive", "4 votes with 7 players alive"),
        (
            "8 players alive, how many votes do i need to put someone on the block",
            "4 votes with 8 players alive",
        ),
    ],
)
def test_the_votes_an_execution_needs_are_counted(kb, question, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(lead)
    assert "at least half the number of alive players" in verdict["because"][0]["quote"]


def test_more_than_one_execution_a_day_is_denied_by_the_maximum(kb):
    # was the glossary's "There is a maximum of one execution per day" as information
    verdict = ask("can two players be executed in one day", kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "maximum of one execution per day" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # was "If their ability would give them information, you can give false information"
        (
            "do minions learn the demon before the poisoner acts",
            "yes",
            "Yes: by the official night sheet, on the first night, Minion info (step 20), then "
            "the Poisoner (step 33).",
        ),
        ("does the poisoner act before minion info", "no", "No: by the official night sheet"),
        # which of the two, asked (was the Snitch's step alone)
        (
            "n1 snitch bluffs, before or after minion info?",
            "info",
            "The Snitch comes after Minion info: by the official night sheet, on the first "
            "night, Minion info (step 20), then the Snitch (step 21).",
        ),
    ],
)
def test_the_first_nights_info_steps_are_placed_by_the_night_sheet(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)
    assert verdict["because"][0]["source"] == "nightsheet.json"


def test_before_ending_a_clause_is_no_comparison_with_the_info_steps(kb):
    verdict = ask(
        "never run lil monsta before. what happens n1, do i still do minion info and demon info?",
        kb,
    )["verdict"]
    assert "by the official night sheet" not in verdict["text"]


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # was "I could not tell which character this is about, ..."
        ("when do i wake the minions on night 1", "On the first night, Minion info is step 20"),
        ("when does the demon get their bluffs", "On the first night, Demon info is step 24"),
    ],
)
def test_when_the_first_nights_info_is_given_is_the_night_sheets_step(kb, question, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(lead)
    assert "If there are 7 or more players" in verdict["because"][0]["quote"]


def test_a_bracketed_drunk_case_is_its_own_sentence(kb):
    """001's Fool ruling: "If the Fool would die, they remain alive. (But they die if they are
    drunk or poisoned.) If the Fool was executed, ..." (the aside and the execution case were
    one sentence, so "do they die" was a yes from the drunk case)."""
    verdict = ask("the fool is executed do they die", kb)["verdict"]
    assert verdict["answer"] == "no"
    assert verdict["text"].startswith("No: Ann (Fool) does not die")
    assert not verdict["text"].startswith("No: (But")


def test_a_bracketed_explanation_is_not_the_answer(kb):
    """ "(This shows they are now good and the Snake Charmer.)" explains the step before it;
    who carries the poison is the sentence after."""
    verdict = ask(
        "snake charmer picked the imp on n2 and they swapped. who gets the poisoned token, "
        "the SC player or the old imp player?",
        kb,
    )["verdict"]
    # (the sentence saying so, or the ability with the sources' disagreement and the side
    # followed: "... poison the old Demon, who becomes the good Snake Charmer")
    assert (
        "The new Snake Charmer is poisoned" in verdict["text"]
        or "poison the old Demon, who becomes the good Snake Charmer" in verdict["text"]
    )
    assert "This shows" not in verdict["text"]


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # a choice told that the replay played on the players named: what was learned leads
        # (was "When the Dreamer is drunk or poisoned, both characters may be wrong.": the
        # Drunk's name read as drunkenness asked)
        ("dreamer picks the drunk", "Ann (Dreamer) learns drunk (good) and "),
        ("fortune teller picks the drunk and the imp", "Ann (Fortune Teller) learns yes"),
    ],
)
def test_what_a_choice_played_learns_leads(kb, question, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "info"
    assert verdict["text"].startswith(lead)


def test_a_choice_the_replay_did_not_play_does_not_lead(kb):
    # "a traveller" is nobody the replay seats by name: no learning to lead with
    verdict = ask("dreamer picks a traveller", kb)["verdict"]
    assert "learns" not in verdict["text"]


@pytest.mark.parametrize(
    ("question", "impaired"),
    [
        # the Drunk as the one a character chooses is no drunkenness asked
        ("dreamer picks the drunk", False),
        ("courtier chooses the drunk", False),
        ("drunk dreamer picks the imp", True),
        ("dreamer picks the drunk, is the dreamer poisoned too", True),
    ],
)
def test_the_drunk_chosen_is_no_drunkenness_asked(kb, question, impaired):
    from service.answer.ask import understood
    from service.answer.deciding import _impaired_asked

    assert _impaired_asked(understood(question, kb)) is impaired


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # the engine's word on what was learned answers whether it is true (was info: "So
        # every piece must be something that cannot be true: ...")
        (
            "vortox in play, does the empath get a true number",
            "no",
            "No: Ann (Empath) learns 0 (not reliable: Cat's Vortox makes it false)",
        ),
        (
            "vortox in play, does the fortune teller get a wrong answer",
            "yes",
            "Yes: Ann (Fortune Teller) learns no (not reliable: Cat's Vortox makes it false)",
        ),
        # poisoned: what they are told is the Storyteller's to pick, true or not
        ("empath is poisoned, does he get a true number", "info", "Ann (Empath) learns 0"),
        # the sources disagree on the Barista against the Vortox: no yes or no from the engine
        (
            "barista gives sober & healthy to the empath while a vortox is in play. does the "
            "empath get a true number?",
            "info",
            "This player must get true information, even if a Vortox is in play",
        ),
    ],
)
def test_whether_what_a_player_learns_is_true_the_replay_says(kb, question, answer, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(lead)


def test_a_sentence_giving_both_outcomes_says_neither(kb):
    # "(Whether the player lived or died, this was the one execution for the day.)" was a
    # yes to "do they die"; the Pacifist's choice is the Storyteller's
    verdict = ask("pacifist: good player executed, do they die", kb)["verdict"]
    assert verdict["answer"] == "storyteller"
    assert "chooses whether they die" in verdict["text"]


def test_which_of_two_kills_first_is_the_night_sheets(kb):
    # was a replay of both kills ("Ann (Chef) dies; Dan (Washerwoman) dies. ...")
    verdict = ask("who kills first, the imp or the assassin", kb)["verdict"]
    assert verdict["text"].startswith(
        "By the official night sheet: on other nights, the Imp (step 40), then the Assassin"
    )


@pytest.mark.parametrize(
    "question",
    ["what happens if the vote ties", "two players tied on 4 votes, who is executed"],
)
def test_a_tied_vote_executes_nobody_by_the_glossary(kb, question):
    # was "I could not tell which character this is about, so I cannot answer it."
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith("On a tie for the most votes nobody is executed")
    assert verdict["because"][0]["source"] == "glossary.json"
    assert "more votes than any other nominated player" in verdict["because"][0]["quote"]


@pytest.mark.parametrize(
    "question",
    ["can travellers be executed", "can a traveller be nominated", "can you execute a traveller"],
)
def test_a_traveller_is_exiled_not_executed_by_the_glossary(kb, question):
    # was the Execution entry's sentence as information, or no answer at all
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert [b["quote"] for b in verdict["because"]] == [
        "The group decision to kill a player other than a Traveller during the day.",
        "The group decision to kill a Traveller during the day.",
    ]


def test_a_traveller_nominating_is_not_a_traveller_nominated(kb):
    assert ask("can travellers nominate", kb)["verdict"]["answer"] != "no"


def test_how_often_a_traveller_is_nominated_is_not_whether_they_are_executed(kb):
    # "twice" asks how often: not the exile-not-execution answer
    verdict = ask("can a traveller be nominated twice", kb)["verdict"]
    assert "(the rules glossary, “Execution”)" not in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "glossary"),
    [
        # was "I could not tell which character this is about, ..."
        ("can the storyteller lie", "info", ["False info", "True info"]),
        # (a qualified yes: "may give false information when an ability malfunctions")
        ("is the storyteller allowed to give false info", "yes", ["False info", "True info"]),
        ("can the st lie about the rules", "no", ["True info"]),
    ],
)
def test_whether_the_storyteller_may_lie_is_the_glossarys(kb, question, answer, glossary):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert [b["source"] for b in verdict["because"]] == ["glossary.json"] * len(glossary)
    for term in glossary:
        assert f"“{term}”" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # was "The Fortune Teller themself is a valid choice."
        ("can the fortune teller's red herring be evil", "no"),
        ("can the red herring be a minion", "no"),
        ("can the rh be an outsider", "yes"),
    ],
)
def test_the_red_herrings_alignment_is_the_abilitys_good_player(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert (
        verdict["because"][0]["quote"] == "There is a good player that registers as a Demon to you."
    )


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # was "Build the false information so it fits the game."
        ("can the drunk be the demon", "no"),
        ("can the drunk think hes a minion", "no"),
        ("can the lunatic think they are the demon", "yes"),
    ],
)
def test_what_type_a_thinker_thinks_it_is_answers_a_type_asked(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["because"][0]["quote"].startswith("You think you are a")


@pytest.mark.parametrize(
    "question", ["can the drunk be a townsfolk", "can the lunatic be the demon"]
)
def test_a_type_the_thinker_is_or_thinks_it_is_gets_no_yes_or_no_from_that(kb, question):
    # "be": what they are, or what they think they are? The two readings disagree
    verdict = ask(question, kb)["verdict"]
    assert not verdict["text"].startswith(("Yes: the", "No: the"))


@pytest.mark.parametrize(
    "question",
    ["does the spy know who the drunk is", "can the spy see the red herring"],
)
def test_what_the_spy_sees_is_the_grimoire_and_every_token_in_it(kb, question):
    # was "Your choice: whenever another ability looks at the Spy, ..." (its registering)
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert [b["quote"] for b in verdict["because"]][:2] == [
        "Each night, you see the Grimoire.",
        "They see every character, every reminder token and every alignment token.",
    ]


def test_whether_the_spy_sees_the_grimoire_itself_is_its_rulings(kb):
    # (the Grimoire asked: the dead Spy's case, where the sources disagree)
    verdict = ask("does the spy see the grimoire when dead", kb)["verdict"]
    assert "the sources disagree" in verdict["text"]


@pytest.mark.parametrize("question", ["monk protects himself?", "does the monk protect himself"])
def test_a_choice_of_oneself_the_storyteller_sends_back_is_a_no(kb, question):
    # "(If the Monk points at themself, shake your head no and prompt them to point at another
    # player.)" decides it (was "Yes: put the Monk's SAFE reminder token ...", and the replay
    # set aside for the protection the refused choice would have given)
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "shake your head no" in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "imp killd himself but no minions left alive. now what",
        "imp stars himself but no minions are alive anymore",
        "both minions are already dead, imp kills himself",
    ],
)
def test_none_of_a_type_alive_is_the_premise_a_sentence_is_chosen_by(kb, question):
    # "If no Minion is alive, nothing happens" speaks to it; "If the Imp pointed to themself,
    # the Imp dies and a living Minion becomes the Imp" supposes what the question denies
    # (it was the answer, after the replay's "no Minion is alive: nobody becomes the Imp")
    text = ask(question, kb)["verdict"]["text"]
    assert text.startswith("Ben (Imp) dies; no Minion is alive: nobody becomes the Imp")
    assert "If no Minion is alive, nothing happens" in text
    assert "a living Minion" not in text


def test_a_denial_in_the_false_information_case_does_not_answer_the_true_one(kb):
    # "When the Librarian is getting false information, the character you show must not
    # belong to either marked player" was read as "No" (the replay showed the Drunk as the
    # Drunk)
    verdict = ask("libarian shows the drunk as the drunk?", kb)["verdict"]
    assert verdict["answer"] != "no"
    assert "learns Ben (Drunk) or Cat (Chef) is the drunk" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # was "No: Mumbled words, whispers, ... don't count": the case told is a true statement
        ("gossip made a true statement today, does someone die tonight", "yes"),
        ("gossip says the chef is the demon and it's true, does someone die", "yes"),
        # the Gossip dead before the night: its "that night ... a player dies" is no yes, and
        # "If the Gossip dies after speaking but before that night, the statement has no
        # effect" says no (was information, the ruling below others that only read as the
        # Gossip dying: "a true statement kills nobody")
        (
            "gossip made a true statement today then got executed and died does someone still "
            "die tonight off it",
            "no",
        ),
    ],
)
def test_a_statements_truth_told_is_the_case_its_rulings_suppose(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_death_asked_of_one_told_nominating_is_the_nominations(kb):
    # the Witch's curse kills the nominating Virgin by day; no Demon attack on her is staged
    # the next night ("Ann is already dead: nothing happens" followed the yes)
    answer = ask("the witch cursed the virgin, the virgin nominates, does she die", kb)
    seat = {p["character"]: p["name"] for p in answer["replay"]["request"]["players"]}
    actions = [a for p in answer["replay"]["request"]["phases"] for a in p.get("actions", [])]
    assert not any(a["player"] == seat["imp"] for a in actions), actions
    assert answer["verdict"]["text"].startswith(f"Yes: {seat['virgin']} (Virgin) dies.")
    assert "already dead" not in answer["verdict"]["text"]


def test_a_jinx_with_a_character_not_named_is_another_case(kb):
    # was "Your choice: the Mathematician might learn if the Lunatic attacks ..." (the
    # Mathematician's jinx with the Lunatic, whom the question does not name)
    verdict = ask("mathematician learns what if the pukka poisoned someone", kb)["verdict"]
    assert "Lunatic" not in verdict["text"]
    assert "drunk or poisoned" in verdict["text"]


def test_a_pronoun_killed_in_a_later_clause_is_the_one_acted_on(kb):
    # "can the slayer kill it": the Slayer shoots the Imp the Innkeeper protected (was no
    # shot at all, and "No: those two cannot die tonight")
    answer = ask("innkeeper protects the imp, can the slayer kill it", kb)
    seat = {p["character"]: p["name"] for p in answer["replay"]["request"]["players"]}
    events = [e for p in answer["replay"]["request"]["phases"] for e in p.get("events", [])]
    assert {"type": "slay", "by": seat["slayer"], "target": seat["imp"]} in events
    assert answer["verdict"]["answer"] == "yes"


def test_what_a_learner_told_choosing_learns_leads_a_situation_told(kb):
    # a situation told and nothing asked, with one player chosen unnamed ("a good player"):
    # what the Seamstress learned leads (was "...; the Imp simply dies, and this normally
    # ends the game")
    verdict = ask("seamstress picks the imp and a good player", kb)["verdict"]
    assert verdict["text"].startswith("Ann (Seamstress) learns no (reliable).")
    assert "simply dies" not in verdict["text"]


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # was "Ann (Empath) learns 0 (reliable). Each night, wake the Empath."
        ("does the empath learn on the first night", "Yes: on the first night, the Empath is step"),
        ("does the undertaker learn on night 1", "No: the Undertaker does not wake on the first"),
        ("does the washerwoman learn on night 2", "No: the Washerwoman does not wake on nights"),
    ],
)
def test_a_good_characters_learning_on_a_night_is_its_waking(kb, question, lead):
    assert ask(question, kb)["verdict"]["text"].startswith(lead)


def test_a_philosopher_becoming_a_character_is_its_choice_played(kb):
    # "philo becomes the fortune teller": the Philosopher gaining the ability is the becoming
    # told (the replay was set aside: "the Philosopher is made in play" unplayed)
    answer = ask("philo becomes the fortune teller, is the real ft drunk", kb)
    assert answer["replay"] is not None and answer["replay"]["trace"]
    assert answer["verdict"]["text"].startswith("Yes: Ben (Fortune Teller) is drunk.")


@pytest.mark.parametrize(
    "question", ["how many outsiders with godfather", "how many outsiders with baron"]
)
def test_a_set_up_change_asked_with_a_name_and_no_article(kb, question):
    # was "An Outsider who dies at night does not trigger it" for the Godfather
    assert " changes the set-up: [" in ask(question, kb)["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "placed"),
    [
        ("when does the exorcist wake compared to the demon", ", before every Demon (steps 39"),
        ("oracel before or after the demon kills", ", after every Demon (steps 39 to 55) but"),
    ],
)
def test_where_one_wakes_against_the_unnamed_demon_is_said(kb, question, placed):
    # was the one step alone ("By the official night sheet: on other nights, the Exorcist
    # (step 36).")
    assert placed in ask(question, kb)["verdict"]["text"]


def test_the_unnamed_demons_kill_on_a_good_neighbour_is_the_tea_ladys_to_stop(kb):
    # "can the demon kill them": the Demon seated for "the demon" attacks a neighbour (it had
    # attacked the Tea Lady, and the replay, its protection played on a filler, was not shown)
    answer = ask("tea lady neighbours are good, can the demon kill them", kb)
    assert answer["replay"] is not None
    assert answer["verdict"]["text"].startswith(
        "No: Ben (Chef) does not die: Ann's Tea Lady ability protects them"
    )


def test_a_first_night_learner_asked_if_it_gets_true_information_is_replayed_then(kb):
    # "can the chef get a true number": the Chef learns on the first night, which the replay
    # now plays (it played night 2, where the Chef learns nothing); after a colon too
    verdict = ask("vortox: can the chef get a true number", kb)["verdict"]
    assert verdict["text"].startswith("No: Ann (Chef) learns ")
    assert "Vortox makes it false" in verdict["text"]


def test_run_the_homebrew_character_gives_its_first_step(kb):
    # a homebrew character's first step, from its own source (was a ruling on the Demon's
    # repeated ability)
    text = ask("run the gatekeeper", kb)["verdict"]["text"]
    assert text.startswith("To run the Gatekeeper: if the Gatekeeper was dead at dusk, mark")


def test_a_pass_asked_to_the_one_minion_is_the_replays_to_decide(kb):
    # "can the imp starpass to the baron": the Baron, the only Minion, became the Imp (was
    # the replay's outcome without a yes)
    verdict = ask("can the imp starpass to the baron", kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert "(Baron) becomes the Imp" in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # "he" is the Gambler (was the Imp, staged executed: "Cat (Imp) dies; good wins")
        ("gambler guesses the imp correctly, does he die", "no"),
        # a guess of the character named, told wrong (was guessed right: "No")
        ("gambler guesses the imp wrong, does he die", "yes"),
        ("gambler guessed the imp incorrectly, does the gambler die", "yes"),
    ],
)
def test_a_gamblers_guess_of_a_named_character(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert "good wins" not in verdict["text"]


def test_a_good_killers_choice_asked_of_is_not_the_demons_too(kb):
    # the Lycanthrope's kill on the Fool is the one asked: no Demon attack staged on him as
    # well (was "Yes: Ben does not die: their own Fool ability protects them from this kill;
    # Ben (Fool) dies")
    verdict = ask("lycanthrope picks the fool, does the fool die", kb)["verdict"]
    assert verdict["answer"] == "no"
    assert verdict["text"].startswith("No: Ben (Fool) does not die: their own Fool ability")
    # ... while a Sailor's choice of himself is no kill on him: the Demon's attack tries it
    sailor = ask("sailor chose himself, can he die tonight", kb)["verdict"]
    assert sailor["text"].startswith("Yes: Ann (Sailor) dies.")


def test_anyone_asked_is_not_denied_by_a_clause_that_also_kills(kb):
    # "if good, they die & the Demon doesn't kill tonight" (was "No")
    assert ask("lycan picks the minion, does anyone die", kb)["verdict"]["answer"] != "no"


def test_a_demons_death_by_a_shot_told_is_not_an_execution_too(kb):
    # (was the shot, then a nomination and execution: "... they live on but register as
    # dead ...; Cat (Zombuul) dies; good wins")
    result = ask("zombuul killed by the slayer", kb)
    events = [e["type"] for p in result["replay"]["request"]["phases"] for e in p["events"]]
    assert events == ["slay"]
    assert "good wins" not in result["verdict"]["text"]


@pytest.mark.parametrize(
    "question",
    [
        "no dashii next to the drunk, who is poisoned",
        "the no dashii sits next to the drunk. who is poisoned?",
    ],
)
def test_names_only_seated_together_are_no_act(kb, question):
    # "next to" seats them; it is no attack of the No Dashii on the Drunk (was "Ben (Drunk)
    # dies." leading a question about who is poisoned)
    result = ask(question, kb)
    request = (result["replay"] or {}).get("request") or {"phases": []}
    assert not [a for p in request["phases"] for a in p.get("actions") or ()]
    assert "dies" not in result["verdict"]["text"].split(".")[0]


def test_a_storytellers_kill_asked_is_no_demons_attack(kb):
    # "he cant die", "can i still tinker-kill him": no Demon attack staged on the Tea Lady
    # (with the seating no act, it led "Your choice: ...; in the replay, Ben (Tea Lady) dies")
    verdict = ask(
        "tinker sits next to the tea lady and both her neighbours are good so he cant die. "
        "can i still tinker-kill him?",
        kb,
    )["verdict"]
    assert verdict["answer"] == "no"
    assert verdict["text"].startswith("No: the Tinker cannot die from their ability")


@pytest.mark.parametrize(
    "question",
    [
        # "keep their ability and poison a Townsfolk, not just the most recent" denies nothing
        "vigormortis kills his cerenovous, does she keep waking",
        "vigormortis kills a poisoner, do the poisoner's neighbours get poisoned or does she "
        "keep poisoning",
    ],
)
def test_not_just_is_no_denial(kb, question):
    assert ask(question, kb)["verdict"]["answer"] != "no"


@pytest.mark.parametrize(
    "question",
    [
        "does the imp kill tonight if the exorcist picked him",
        "does the imp still kill if the exorcist chose him",
    ],
)
def test_a_pronoun_chosen_by_the_later_named_is_the_earlier(kb, question):
    # "him" is the Imp (was a filler Chef the Exorcist chose, and "Yes: Ben (Chef) dies")
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no"
    assert "(Imp) is not woken tonight (Ann's Exorcist chose them)" in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        # a token's name in capitals denies nothing (was "No: ... replace the MINIONS NOT
        # NOMINATED reminder with the MINION NOMINATED reminder")
        "can the town crier learn about a minion nominating",
        "town crier tokens — which one goes where each day? i keep forgetting",
        # a kill named is not one done (was "No: a Tinker death is not a Demon kill, ...")
        "tinker dies at night does the demon still kill",
    ],
)
def test_a_denial_of_a_name_is_no_no(kb, question):
    assert ask(question, kb)["verdict"]["answer"] != "no"


@pytest.mark.parametrize(
    ("question", "answer", "lead"),
    [
        # the Goon makes the first player to choose it drunk: the Monk's protection fails
        # (was "Yes: on scripts with several Demons, the player is safe from all Demon kills")
        ("monk picks the goon, is the goon safe from the demon", "no", "No: Ben (Goon) dies."),
        # (was "Yes: Ann (Goon) dies. A protected player who is drunk ... is still protected")
        ("can the goon be protected by the monk", "no", "No: Ann (Goon) dies."),
        # (was the rulings' "Remove the Safe tokens once the night is over")
        ("innkeeper picks the goon, is the goon protected", "no", "No: Ben (Goon) dies."),
        # ... and a working protection, tried the same way, holds
        (
            "monk picks the chef, is the chef safe from the demon",
            "yes",
            "Yes: Ben (Chef) does not die: Ann's Monk ability protects them",
        ),
    ],
)
def test_a_protection_asked_is_tried_by_the_demons_attack(kb, question, answer, lead):
    # no attack told: the replay's unnamed Demon attacks the one asked to be protected
    result = ask(question, kb)
    assert result["verdict"]["answer"] == answer
    assert result["verdict"]["text"].startswith(lead)
    request = result["replay"]["request"]
    seat = {p["character"]: p["name"] for p in request["players"]}
    protected = "chef" if "chef" in question else "goon"
    actions = [a for phase in request["phases"] for a in phase.get("actions") or ()]
    assert {"player": seat["imp"], "targets": [seat[protected]]} in actions


@pytest.mark.parametrize(
    "question",
    [
        # a state before the one passed to (was the replay's outcome without a yes)
        "can the imp pass to a drunk baron",
        "can the imp pass to a poisoned scarlet woman",
        # a pronoun asked of after the passing told (was "No: ... If the Scarlet Woman is
        # drunk or poisoned when the Demon dies, they do not become the Demon")
        "imp starpasses to the poisoned scarlet woman, is she the imp now",
        # asked after an "if" premise with no comma (was the rulings alone)
        "if the imp kills himself does a poisoned scarlet woman become the imp",
    ],
)
def test_an_impaired_minion_passed_to_still_becomes_the_imp(kb, question):
    # the Imp's own ability makes the Minion the Imp: hers being drunk or poisoned does not
    # stop it (engine golden imp_star_pass_poisoned_scarlet_woman)
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes"
    assert "becomes the Imp" in verdict["text"].split(".")[0]
    assert "she does not become the Demon" not in verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "opening"),
    [
        # (was "Yes: point to two players, then put the Sage to sleep")
        (
            "Sage was executed today. Does she still get to learn her two players?",
            "no",
            "No: if the Sage died from any other cause, the ability does not trigger.",
        ),
        # (the engine plays the Banshee: its replay leads, saying the same)
        (
            "banshee killed by the assassin",
            "info",
            "Ann (Banshee) dies; Ann's death is not the Demon's kill: the Banshee's ability does "
            "not open up, and nothing happens. If the Banshee dies from any cause other",
        ),
        ("the godfather kills the sage", "info", "If the Sage died from any other cause"),
    ],
)
def test_a_death_told_by_another_cause_is_answered_by_the_other_cause_ruling(
    kb, question, answer, opening
):
    # a character whose ability answers only a Demon's kill, told killed by a Minion, a
    # townsfolk or an execution: its "any other cause" sentence is the case told
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(opening)


@pytest.mark.parametrize(
    "question",
    [
        "sage killed by the imp",  # the Demon's kill: the ability triggers
        # a death by no cause told, another character named: not "another cause"
        "granny (Ellie) died n2, profesor picked her n3 and shes back. does she get shown her "
        "grandchild again?",
    ],
)
def test_a_death_by_the_demon_or_by_no_cause_told_is_not_another_cause(kb, question):
    assert "other cause" not in ask(question, kb)["verdict"]["text"]


def test_the_tea_lady_attacked_herself_dies(kb):
    # the ability keeps her neighbours alive, never herself: the replay says so and is shown
    # (it was set aside as playing none of the Tea Lady's rules, and the verdict quoted "...
    # cannot kill those two" alone)
    answer = ask("can the demon kill the tea lady", kb)
    assert answer["verdict"]["answer"] == "yes"
    assert answer["verdict"]["text"].startswith("Yes: Ann (Tea Lady) dies.")
    trace = [s["text"] for s in answer["replay"]["trace"]]
    assert "Ann is the Tea Lady: the ability keeps their neighbours alive, not themself." in trace


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        # (was "No: the Courtier chooses a character, not a player, and does so without ...")
        (
            "can the courtier choose their own character",
            "Yes: the Courtier's ability chooses a character, not a player, and any character "
            "can be chosen, the Courtier too.",
        ),
        ("can the courtier pick himself", "Yes: the Courtier's ability chooses a character"),
        # "choose a good character": the Philosopher is one ("the ability itself stays" is
        # no ruling on choosing itself)
        (
            "can the philosopher choose the philosopher",
            "Yes: the Philosopher's ability chooses a character, not a player, and any good "
            "character can be chosen, the Philosopher too",
        ),
        # its own ruling on naming itself still answers
        ("can the ojo choose its own character", "Yes: if the Ojo names their own character"),
    ],
)
def test_a_character_chooser_may_choose_its_own_character(kb, question, opening):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(opening)
    assert verdict["answer"] == "yes"


def test_keeping_not_just_the_last_is_keeping(kb):
    # "keep their ability ..., not just the most recent": the "not" is no denial of keeping
    # (was "No: all Minions killed by the Vigormortis keep their ability ...")
    verdict = ask("vigormortis kills the baron, does the baron keep the setup", kb)["verdict"]
    assert verdict["text"].startswith("Yes: all Minions killed by the Vigormortis keep their")


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the Demon's own target survives: not the Lycanthrope's victim's death (was "Yes")
        ("lycan kills the good player, does the demon also kill", "no"),
        # a replay where the Demon attacked nobody shows nothing of its kill (was "No")
        ("exorcist picks the chef, does the demon still kill", "yes"),
        ("tea lady neighbours are good, can the demon kill them", "no"),
    ],
)
def test_the_unnamed_demons_kill_asked_is_its_own_targets_fate(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    ("question", "answer", "opening"),
    [
        # (was "Your choice: whether a chosen character who enters play later ...")
        (
            "can the philosopher pick the imp",
            "no",
            "No: the Philosopher's ability chooses a good character, and the Imp is a Demon: “",
        ),
        (
            "can the philosopher choose the saint",
            "yes",
            "Yes: the Philosopher's ability chooses a good character, and the Saint is one",
        ),
        (
            "can the philosopher choose a minion",
            "no",
            "No: the Philosopher's ability chooses a good character, and a Minion character is "
            "not one",
        ),
        (
            "can the philosopher choose an evil character",
            "no",
            "No: the Philosopher's ability chooses a good character, and an evil character is "
            "not one",
        ),
        # any character (was the re-drunk rule, and the Imp's starpass)
        (
            "can the courtier choose the imp",
            "yes",
            "Yes: the Courtier's ability chooses a character, and the Imp is one",
        ),
        (
            "can the courtier pick a minion",
            "yes",
            "Yes: the Courtier's ability chooses a character, and a Minion character is one",
        ),
    ],
)
def test_a_character_choice_asked_is_answered_by_the_kind_the_ability_chooses(
    kb, question, answer, opening
):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer
    assert verdict["text"].startswith(opening)


@pytest.mark.parametrize(
    ("question", "itself"),
    [
        # the Ojo told naming another: its own-character case is not this one
        ("ojo names the chef", False),
        # ... but it is for a choice of itself asked
        ("can the ojo name himself", True),
        # ... and for one told, after a choice of another on an earlier night
        ("ojo names the chef, then the next night the ojo names himself. what happens", True),
    ],
)
def test_a_case_of_choosing_itself_is_ruled_out_by_a_choice_of_another(kb, question, itself):
    text = ask(question, kb)["verdict"]["text"]
    assert text.startswith("If the Ojo names their own character") is itself


def test_a_note_after_the_rule_does_not_lead(kb):
    # "Note that a Sailor who put the drunkenness on themself ..." is an aside to the rule
    # before it (it led "drunk sailor executed" by the learned chooser's 0.08)
    verdict = ask("drunk sailor executed", kb)["verdict"]
    assert verdict["text"].startswith("When the Sailor is drunk or poisoned, they can die")


def test_a_night_step_with_no_reminder_is_said_without_one(kb):
    # a script's character with a night position and no reminder read "is step 51: ."
    verdict = ask(
        "on not my beautiful house the amnesiac is an outsider. do i wake it n1 or just other "
        "nights",
        kb,
    )["verdict"]
    assert verdict["text"] == "Yes: on the first night, the Amnesiac is step 51."
    assert all(not b["quote"].endswith(" ") for b in verdict["because"])


@pytest.mark.parametrize(
    ("question", "edition", "label", "nights"),
    [
        ("first night order for a trouble brewing game", "tb", "Trouble Brewing", ["first"]),
        ("bmr other nights wake order", "bmr", "Bad Moon Rising", ["other"]),
        ("s&v night sheet", "snv", "Sects & Violets", ["first", "other"]),
    ],
)
def test_an_editions_night_order_is_listed(kb, question, edition, label, nights):
    # the wake list asked of an edition, no character named (was a glossary line: "The night
    # phase that begins the game")
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "info"
    for night, because in zip(nights, verdict["because"], strict=True):
        heading = "first night" if night == "first" else "other nights"
        listed = because["quote"].removeprefix(f"{label}, {heading}: ").rstrip(".").split(", ")
        assert listed[0] == "Dusk" and listed[-1] == "Dawn"
        # the edition's characters that wake, in the knowledge base's night positions
        rows = sorted(
            (
                row
                for cid, row in kb.night[night].items()
                if (kb.characters.get(cid) or {}).get("edition") == edition
            ),
            key=lambda row: row["position"],
        )
        markers = {"Dusk", "Minion info", "Demon info", "Dawn"}
        woken = [n.removesuffix(" (Traveller)") for n in listed if n not in markers]
        assert woken == [kb.name(row["id"]) for row in rows]
        assert because["source"] == "nightsheet.json"
    assert len(verdict["because"]) == len(nights)


def test_a_stored_scripts_night_order_places_its_own_characters(kb):
    verdict = ask("night order for the witch hunt script", kb)["verdict"]
    assert verdict["text"].startswith("Witch Hunt, first night: Dusk, Minion info,")
    # the script's own Witch in the Witch's place, not left unplaced
    assert "Witch, Huntsman" in verdict["text"]
    assert "not on the official sheet" not in verdict["text"]
    assert {b["source"] for b in verdict["because"]} == {"wc25-witchhunt.json"}
    # "their witch" is the character, asked how to run: no list
    other = ask(
        "running witch hunt (wc25) tonight. how do i run their witch, who wakes and what do i mark",
        kb,
    )["verdict"]
    assert not other["text"].startswith("Witch Hunt, first night")


@pytest.mark.parametrize(
    "question",
    [
        "the drunk thinks he is the empath, what does he learn",
        "ok so mike is our drunk and thinks hes the empath, he sits between the imp and the "
        "baron. what number do i give him",
    ],
)
def test_what_the_drunk_learns_is_your_choice(kb, question):
    # the Drunk's information need not be true, as a drunk or poisoned one's (was "Ben
    # (Empath) learns 2 (not reliable: ...)" as information, with a sentence on the Baron)
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "storyteller"
    assert "it need not be true (" in verdict["text"]
    assert "is the drunk, not the empath)" in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        # whether the chosen player agrees, taken by default (no), is what the deaths hang
        # on (was "No: Ben (Chef) does not die"); a death asked plays the agreement, and
        # whether both die is the storyteller's
        "harlot picks the chef, does the chef die",
        # a yes settled from the Imp's own kill while the replay shows the one asked alive
        # (was "Yes: Ben (Chef) dies. If that player nods their head, ..."); the Demon's
        # attack is not staged on the one the Harlot chose (was "in the replay, Ben (Chef)
        # dies")
        "harlot picked someone tonight and they nodded yes walk me through the wake ups, do "
        "they both die",
        # "do they both die" asks (was told: the Imp executed, "Yes: Cat (Imp) dies; good wins")
        "harlot picks the imp, do they both die",
        # (was "Yes: the Imp simply dies", the sentence after "If no Minion is alive, nothing
        # happens.", a case the question does not tell)
        "harlot picks the imp, does the imp die",
        # (was "No: Ann (Harlot) does not die": nobody agreed in the replay)
        "does the harlot die",
        "harlot picks the chef, do both die",
    ],
)
def test_the_harlots_deaths_are_your_choice(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "storyteller", verdict["text"]
    assert "you both might die" in verdict["text"]
    assert "dies;" not in verdict["text"] and "dies." not in verdict["text"]  # no one killed
    assert "simply dies" not in verdict["text"]


def test_the_harlots_pick_refusing_or_the_demon_killing_decides(kb):
    refused = ask("harlot picks the chef, he refuses. does the harlot die", kb)["verdict"]
    assert refused["text"].startswith("No: Ann (Harlot) does not die"), refused["text"]
    # the Imp kills the Chef whichever way the Harlot's deaths go: the replay's yes
    attacked = ask("harlot picks the chef, the imp attacks the chef, does the chef die", kb)
    assert attacked["verdict"]["answer"] == "yes", attacked["verdict"]["text"]
    assert "Ben (Chef) dies" in attacked["verdict"]["text"]


def test_a_protectors_choice_of_the_one_asked_still_meets_the_demon(kb):
    # the Innkeeper's "cannot die" is no kill: the Demon's attack on the one asked is still
    # staged, and the protection shown holding
    verdict = ask("innkeeper protects the chef, does the chef die", kb)["verdict"]
    assert verdict["text"].startswith(
        "No: Ben (Chef) does not die: Ann's Innkeeper ability protects them"
    )


def test_a_protectors_choice_is_no_killers(kb):
    # the Innkeeper's "cannot die" is no kill: the Assassin's kill on the one it chose is
    # still staged
    verdict = ask(
        "assassin used their kill on the innkeeper-protected empath. does the empath actually die",
        kb,
    )["verdict"]
    assert verdict["text"].startswith("Yes: Ben (Empath) dies.")


@pytest.mark.parametrize(
    "question",
    [
        "the witch curses someone, they nominate, do they die",
        "the witch curses someone and they nominate. do they die",
    ],
)
def test_the_unnamed_one_acted_on_nominates(kb, question):
    # "they" nominate: the one cursed (was no nomination played: "No: nobody dies.")
    result = ask(question, kb)
    assert result["verdict"]["answer"] == "yes"
    cursed, events = _cursed_and_day(result["replay"]["request"])
    assert events[0]["type"] == "nominate" and events[0]["by"] == cursed


def _cursed_and_day(request: dict) -> tuple[str, list[dict]]:
    """The player the Witch of a replay request curses, and the request's day events."""
    witch = next(p["name"] for p in request["players"] if p["character"] == "witch")
    cursed = next(
        a["targets"][0]
        for p in request["phases"]
        for a in p.get("actions") or ()
        if a["player"] == witch
    )
    return cursed, [e for p in request["phases"] for e in p.get("events") or ()]


def test_what_happens_with_two_alive_is_who_wins(kb):
    # (was "I could not tell which character this is about ...")
    verdict = ask("what happens at 2 players alive", kb)["verdict"]
    assert verdict["text"].startswith("Evil wins: “Evil wins when just 2 players are alive")


def test_an_unnamed_outsider_executed_sets_off_the_godfather(kb):
    # the one executed is an Outsider, not the Saint (whose execution ends the game); a good
    # filler nominates, not the Godfather (who then did not act); the Godfather's choice
    # that night falls on someone alive (was a Chef executed and no night, then the Godfather
    # choosing the dead one)
    result = ask("an outsider was executed today, does the godfather kill tonight", kb)
    assert result["verdict"]["answer"] == "yes"
    request = result["replay"]["request"]
    team = {p["name"]: kb.characters[p["character"]]["team"] for p in request["players"]}
    seat = {p["character"]: p["name"] for p in request["players"]}
    day, night = request["phases"][0], request["phases"][1]
    executed = next(e["target"] for e in day["events"] if e["type"] == "execute")
    nominator = next(e["by"] for e in day["events"] if e["type"] == "nominate")
    assert team[executed] == "outsider" and executed != seat.get("saint")
    assert nominator != seat["godfather"]
    chosen = next(a["targets"][0] for a in night["actions"] if a["player"] == seat["godfather"])
    assert chosen != executed
    assert chosen in result["replay"]["deaths"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the subject left out of "and then nominated" is the Witch (was a filler nominating)
        ("witch cursed herself last night and then nominated today. does she die?", "yes"),
        # (was a filler Chef nominating the Virgin: "No: Ben (Chef) dies.")
        ("spy is registering as a townsfolk and noms the virgin. do i execute the spy", "yes"),
    ],
)
def test_the_nominator_the_question_says(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize("thought", ["chambermaid", "dreamer", "seamstress", "exorcist"])
def test_what_the_drunk_thinks_they_are_is_no_one_they_choose(kb, thought):
    # "thinks they are the chambermaid" seated both names on one player, and linked them:
    # the Drunk chose themself ("The engine refuses Ann's choice: the Chambermaid may not
    # choose themself")
    result = ask(f"the drunk thinks they are the {thought}, what do they learn", kb)
    request = result["replay"]["request"]
    drunk = next(p["name"] for p in request["players"] if p["character"] == "drunk")
    actions = [a for p in request["phases"] for a in p.get("actions") or ()]
    assert all(drunk not in a.get("targets", ()) for a in actions if a["player"] == drunk)
    assert not result["replay"]["refused"]


@pytest.mark.parametrize(
    "question",
    [
        "the drunk thinks they are the investigator, what do they learn",
        "the drunk thinks they are the librarian, what do they learn",
        "the drunk thinks they are the dreamer, what do they learn",
    ],
)
def test_what_a_learner_learns_unreliably_is_your_choice(kb, question):
    # a learning the engine marks not reliable, with no choice of what is told recorded
    # (the Investigator's, Librarian's, Dreamer's): was "Ann (Investigator) learns ... (not
    # reliable: Ann is the drunk, not the investigator)" as information
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "storyteller"
    assert verdict["text"].startswith("Your choice: it need not be true (Ann is the drunk, not")


def test_an_executed_virgin_is_not_nominated_by_a_townsfolk_unasked(kb):
    # (was a filler Chef nominating her: "Ben (Chef) dies; the engine refuses the execute by
    # the Storyteller: Ben has already been executed today")
    result = ask("virgin executed, what happens", kb)
    assert "refuses" not in result["verdict"]["text"]
    assert not result["replay"]["refused"]
    virgin = next(
        p["name"] for p in result["replay"]["request"]["players"] if p["character"] == "virgin"
    )
    assert virgin in result["replay"]["deaths"]


def test_the_nominator_is_not_the_one_a_named_character_chose_unasked(kb):
    # the Witch's untold curse falls on the victim stand-in: a good filler nominates her,
    # not the cursed one (who died of the curse: "Ann (Chef) dies; Ben (Witch) dies ...";
    # "if he nominates now does he still drop dead" was Yes with the Witch dead)
    verdict = ask("what happens if the witch dies at night", kb)["verdict"]
    assert verdict["text"].startswith("Ben (Witch) dies.")
    lifted = ask(
        "witch died today. the guy she cursed last night hasnt nominated yet, if he nominates "
        "now does he still drop dead",
        kb,
    )["verdict"]
    assert lifted["answer"] == "no"
    assert "any curse lifts with it" in lifted["text"]


def test_whether_the_one_asked_dies_taken_by_the_replay_is_your_choice(kb):
    # the Pacifist's "whether Ben, a good player, survives their execution" is the survival
    # asked (was "There is no limit on uses: ..." as information)
    verdict = ask("pacifist, good player executed, do they survive", kb)["verdict"]
    assert verdict["answer"] == "storyteller"
    assert verdict["text"].startswith("Your choice: whether Ben, a good player, survives")
    # ... not a choice of who dies instead: the Mayor's bounce onto a protected player is
    # still the rule's no
    bounced = ask(
        "imp hits mayor, i wanna bounce it onto the guy the monk protected. does he die", kb
    )
    assert bounced["verdict"]["answer"] == "no"


def test_two_named_with_only_jinxes_above_the_fifth_do_not_fail(kb):
    # every ruling above the fifth a jinx: none gives way (was ValueError from max() of
    # nothing, found by fuzzing)
    verdict = ask("riot kills the hiker", kb)["verdict"]
    assert verdict["answer"] == "info"


def test_a_gossips_untrue_statement_kills_nobody(kb):
    # the replay played the statement untrue: nobody dies of it (was "Anyone may be the one
    # who dies — the Gossip themself, or an evil player.", the true case's sentence)
    verdict = ask("gossip said the chef is the imp and it is wrong, does anyone die", kb)["verdict"]
    assert verdict["answer"] == "no"
    assert verdict["text"].startswith("No: Ann (Gossip) says 'the chef is the imp': not true")


def test_the_whole_night_order_with_nothing_named_asks_which_script(kb):
    # (was "I could not tell which character this is about ...")
    verdict = ask("what order do i wake people on night 1", kb)["verdict"]
    assert verdict["text"].startswith("Which script's night order?")
    # the names offered are the editions' and the stored scripts', every one
    assert "Trouble Brewing" in verdict["text"]
    assert all(name in verdict["text"] for name in kb.script_names.values())


def test_what_the_one_asked_learns_is_said_of_them(kb):
    # "The Demon learns who the Lunatic is" says of the one asked the thing asked (was "When
    # the Lunatic is dead, stop waking them; there is nothing left to show the Demon.")
    verdict = ask("what does the demon learn if there's a lunatic", kb)["verdict"]
    assert verdict["text"].startswith("The Demon learns who the Lunatic is")


def test_a_registration_told_in_an_if_premise_is_played(kb):
    # "if the spy registers as good": the case asked about, not a wish (was information: the
    # replay left the registration to its default, evil, and the Spy died)
    verdict = ask(
        "tea ladys alive neighbours are the sage and the spy. if the spy registers as good are "
        "they both safe",
        kb,
    )["verdict"]
    assert verdict["text"].startswith("Yes: Cat (Spy) does not die: Ben's Tea Lady ability")


def test_a_choice_of_a_death_decides_only_where_it_changes_it(kb):
    # the protected Tinker's "whether Ann (Tinker) dies tonight" changes nothing: the rule's
    # no stands, not the storyteller's choice
    verdict = ask(
        "tinker is protected by the tea lady (both her neighbours good). can the tinker still "
        "die from his own ability whenever i want?",
        kb,
    )["verdict"]
    assert verdict["answer"] == "no"


@regressed(
    "the second part quotes the drunk Saint's case, which the question does not tell, not "
    "the Pacifist's 'might not die' and 'There is no limit on uses'"
)
def test_the_pacifists_ruling_beside_the_choice_it_leaves_open(kb):
    # the Pacifist's own ruling beside the rule that leaves the choice open
    pacifist = ask(
        "Pacifist is alive and the Saint was just executed. Can I let the saint survive, and is "
        "there any limit on how often I do that per game?",
        kb,
    )["verdict"]
    assert pacifist["answer"] == "storyteller"
    assert "might not die" in pacifist["text"] and "There is no limit on uses" in pacifist["text"]


def test_a_rule_whole_in_itself_still_answers_after_its_case(kb):
    # "If the Scientist is nominated, check whether ..." is a rule, not a case whose next
    # sentence goes on with it: the no after it still answers
    verdict = ask(
        "scientist chose minions last night one minion didnt vote scientist exed does he die", kb
    )["verdict"]
    assert verdict["answer"] == "no"


@pytest.mark.parametrize(
    "question",
    [
        # (was "Yes: Ann (Mayor) dies", the bounce the replay took by default)
        "imp attacks the mayor, does the mayor die",
        # (was "No: ... that player does not die tonight", a case of a protected player)
        "the imp attacks the mayor, does someone else die",
    ],
)
def test_whether_the_mayor_dies_is_the_bounce_your_choice(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "storyteller", verdict["text"]
    assert verdict["text"].startswith("Your choice: who dies instead of Ann (Mayor)")
    assert "another player might die instead" in verdict["text"]
    # a bounce told onto someone decides it: the rule's no, the replay's yes
    told = ask("imp attacks the mayor and i bounce it to the chef, does the chef die", kb)
    assert told["verdict"]["text"].startswith("Yes: Ben (Chef) dies")


@pytest.mark.parametrize(
    "question",
    [
        "cerenovus target totally broke madness today. how do i actually execute them, do i "
        "need a nom and vote?",
        "cere made the FT mad that theyre the mayor and the FT has clearly given up on it. do i "
        "need a nom to exe them or just do it",
        "monk protects the fool and the imp attacks the fool",
    ],
)
def test_a_subject_told_drunk_in_its_own_words_is_another_case(kb, question):
    # "A target who is drunk or poisoned is still made mad", "A protected player who is drunk
    # or poisoned is still protected": the impaired case, for a question telling none (was
    # the deciding sentence of each)
    verdict = ask(question, kb)["verdict"]
    assert "who is drunk or poisoned" not in verdict["text"], verdict["text"]


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # "learn drunk": the character learned, not the Undertaker drunk (was "Ben (Undertaker)
        # learns drunk (not reliable: Ben is drunk)", the Undertaker seated as the Drunk)
        (
            "the drunk is executed, does the undertaker learn drunk",
            "Yes: Ben (Undertaker) learns drunk",
        ),
        # "next to the imp and the poisoner" seats the Chef between them (was beside the Imp
        # only, the Imp beside the Poisoner: 1); what the Chef is told answers whether
        (
            "chef sits next to the imp and the poisoner, does the chef learn 1",
            "No: Ben (Chef) learns 0",
        ),
        (
            "chef sits next to the imp and the poisoner, does the chef learn 0",
            "Yes: Ben (Chef) learns 0",
        ),
    ],
)
def test_whether_a_learner_learns_the_thing_asked_is_what_the_replay_told_them(kb, question, lead):
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith(lead), verdict["text"]


def test_what_an_unreliable_learner_learns_is_no_yes_or_no(kb):
    verdict = ask("does the poisoned empath get a 2", kb)["verdict"]
    assert verdict["answer"] not in ("yes", "no"), verdict["text"]
    # nor what a learner the replay seats beside no one told: "next to two evil players" (was
    # "No: Ann (Empath) learns 0", her replay neighbours good)
    unseated = ask("empath next to two evil players, does the empath learn two", kb)["verdict"]
    assert unseated["answer"] not in ("yes", "no"), unseated["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # whether another player became the Fang Gu (was No: "Ann (Chef) dies", the one killed
        # no Outsider, "he kills an outsider" read of no one)
        ("does the fang gu jump if he kills an outsider", "yes"),
        ("fang gu attacks the recluse, does he jump", "yes"),
        ("fang gu attacks the chef, does he jump", "no"),
        (
            "FG went for the mutant but the monk had the mutant safe. does the fang gu still jump",
            "no",
        ),
        # ... to a kind named, no player (was information: "jump to" read as a pass to one)
        ("does the fang gu jump to a minion", "no"),
        ("can the fang gu jump to an outsider", "yes"),
    ],
)
def test_whether_the_fang_gu_jumps_is_whether_another_became_it(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


@pytest.mark.parametrize(
    "question",
    [
        # the guess is the second character, of the first one's player (was "guesses that
        # Ben (Chef) is the Chef: right"; "that the chef is" read as the Chef acting)
        "gambler guesses the chef as the empath, does he die",
        "gambler guesses that the chef is the empath, does he die",
    ],
)
def test_a_guess_of_one_named_as_another(kb, question):
    answer = ask(question, kb)
    assert answer["verdict"]["text"].startswith("Yes: Ann (Gambler) dies"), answer["verdict"]
    action = answer["replay"]["request"]["phases"][0]["actions"][0]
    assert action["character"] == "empath"
    assert action["targets"] == [name_of(answer, "chef")]


def test_how_many_is_the_number_before_the_choice_the_rule_leaves(kb):
    # (was "Your choice: each night*, choose 2 players: they die; a dead player ... might be
    # regurgitated": the "might" of the second clause)
    verdict = ask("how many players does the shabaloth kill", kb)["verdict"]
    assert verdict["answer"] == "info"
    assert verdict["text"].startswith("Each night*, choose 2 players: they die")


def test_a_case_opened_by_a_character_not_asked_about_is_another(kb):
    # "However, if the Po chose no one the night before the Exorcist chose the Po, ..." is the
    # Exorcist's case (was the deciding sentence of a question naming no Exorcist)
    verdict = ask("how many people does the po kill after choosing no one", kb)["verdict"]
    assert "Exorcist" not in verdict["text"], verdict["text"]
    # ... not a slip the errata correct: the Sleeper's "If the Umpire dies at night, ..."
    sleeper = ask("imp goes for the sleeper. what reminder do i put down?", kb)["verdict"]
    assert "(a slip in the source, corrected)" in sleeper["text"], sleeper["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a kind asked, said of it (was information)
        ("tinker dies, is it a demon kill", "no"),
        ("does the tinker dying count as a demon kill", "no"),
        (
            "mayor got hit tonite and i bounce it to someone else, does that count as a demon kill",
            "yes",
        ),
        # not whether anyone dies (was "Yes: Cat (Imp) dies", the replay's death read as it)
        ("is the assassin kill a demon kill", "no"),
    ],
)
def test_whether_something_is_of_a_kind_is_what_the_rule_calls_it(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_night_death_case_opened_by_on_the_night_is_not_a_day_deaths(kb):
    # "On the night the Ravenkeeper dies at night, wake them" is another case than a death by
    # day (was "Yes: on the night the Ravenkeeper dies at night, ...")
    verdict = ask("ravenkeeper dies during the day, does he wake", kb)["verdict"]
    assert verdict["text"].startswith("No: if they died during the day, the ability does not")
    assert ask("ravenkeeper killed at night, does he wake", kb)["verdict"]["answer"] == "yes"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a statement asked by its mark, its case after it (was information: no auxiliary)
        ("sw becomes imp if imp exed w 5 alive?", "yes"),
        ("sw becomes imp if imp exed w 4 alive?", "no"),
    ],
)
def test_a_statement_asked_with_its_case(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer
    # ... not a state told with "when" ("SW was poisoned when the demon died")
    told = understood(
        "sweetheart was poisoned when the demon killed her. do i still make someone drunk?", kb
    )
    assert ("sweetheart", Condition.POISONED) not in told.asked


def test_a_death_by_anything_but_the_demon_is_not_the_demons_kill(kb):
    # "When the King dies from any cause except the ability of a Demon ..., the Choirboy does
    # not wake" is another case than "the imp kills the king" (was its deciding sentence)
    verdict = ask("choirboy: the imp kills the king", kb)["verdict"]
    assert "except the ability of a Demon" not in verdict["text"], verdict["text"]
    assert "the Choirboy wakes to learn the Demon" in verdict["text"]
    # ... but the case of an execution
    executed = ask("the king was executed, does the choirboy wake", kb)["verdict"]
    assert executed["answer"] == "no"


@regressed(
    "the re-ranker puts the ruling 'casts two votes per nomination' sixth, out of reach; the "
    "verdict quotes the dawn announcement"
)
def test_a_death_by_the_demon_told_after_the_kill(kb):
    # "banshee killed by the imp": the Demon named after its kill, so "If the Banshee dies
    # from any cause other than the Demon, ..." and "If the Demon attacks but the Banshee
    # does not die, ..." are other cases; with every sentence of the best three rulings
    # another case, the next rulings hold the one told (was "If the Banshee is drunk or
    # poisoned when the Demon kills them, nothing happens")
    verdict = ask("banshee killed by the imp, how many votes", kb)["verdict"]
    assert "casts two votes per nomination" in verdict["text"], verdict["text"]


def test_a_death_not_by_the_demon_is_the_case_of_any_other_cause(kb):
    # ... not a kill denied ("not killed by demon")
    executed = ask(
        "banshee got executed not killed by demon. does she get the double nominate/vote thing", kb
    )["verdict"]
    assert executed["answer"] == "no"
    assert "any cause other than the Demon" in executed["text"]
    # ... and a survival told is the case of the Demon's attack it survived
    survived = ask("the imp attacks the banshee but she survives, does her ability open up", kb)
    assert survived["verdict"]["answer"] == "no"


@pytest.mark.parametrize(
    "question",
    [
        "pit hag turns the chef into an imp, what happens",
        "pithag turned ben's savant into a vigormortis. ben asks is he evil now or still good",
        "pit hag turned the chef into a vortex so how many people die tonight",
    ],
)
def test_a_character_turned_from_is_not_one_become(kb, question):
    # "A player who becomes the Chef during the game learns a number ..." is the case of a
    # player made the Chef, not of the Chef turned into something else (was quoted)
    text = ask(question, kb)["verdict"]["text"]
    assert "becomes the Chef" not in text and "becomes the Savant" not in text, text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # whether it is the storyteller's choice, asked: the sentence saying who chooses (was
        # "No: the Recluse never learns how they registered")
        (
            "is the recluse's registration the storyteller's choice",
            "the Storyteller chooses whether they register as evil",
        ),
        (
            "imp killed himself last night and 2 minions are still alive. who becomes the new "
            "imp, is that my choice?",
            "the Storyteller chooses which becomes the Imp",
        ),
        (
            "pumpkin in play, one of the scary ppl got exed. do they have to survive or is it "
            "my call",
            "the Storyteller chooses whether they die",
        ),
    ],
)
def test_whose_choice_asked_is_answered_by_who_chooses(kb, question, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "storyteller", verdict["text"]
    assert said in verdict["text"], verdict["text"]


def test_how_or_when_to_choose_is_no_whose_choice(kb):
    # "how do i pick the word": how, asked (not whether the storyteller picks)
    assert ask("How do i pick a good word for mezepheles, any tips", kb)["verdict"]["answer"] == (
        "info"
    )


@regressed(
    "'Statements made after death do nothing' answers no: the question's 'kill' leaves the "
    "Gossip's untold death unread (_death_untold_names)"
)
def test_a_kind_denied_does_not_deny_what_is_asked(kb):
    # "A death caused by the Gossip is not a Demon kill, so protection against the Demon does
    # not apply" says what kind of death it is, not whether the Gossip's kill may fall on the
    # Demon (was "No: ...")
    verdict = ask("can the gossip's statement kill the demon", kb)["verdict"]
    assert verdict["answer"] != "no", verdict["text"]


def test_a_kind_asked_is_answered_by_the_kind_said(kb):
    # a kind asked is answered by it
    assert ask("tinker dies, is it a demon kill", kb)["verdict"]["answer"] == "no"
    # ... and "so nothing happens" after it is an outcome
    traveller = ask(
        "traveller nominated the virgin, first nom of the day. do they get executed?", kb
    )
    assert traveller["verdict"]["answer"] == "no"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a Fool told dying a second time starts with its "No Ability" reminder (was "No: Ann
        # (Fool) does not die: their own Fool ability protects them")
        ("can the fool die the second time", "yes"),
        ("the fool is executed again, does he die", "yes"),
        # ... the first time, it does not die
        ("imp kills the fool, does he die", "no"),
    ],
)
def test_a_fools_second_death_is_for_real(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_later_entry_is_not_a_character_already_in_play(kb):
    # "Whether a chosen character who enters play later becomes drunk then is a judgement
    # call" is the case of one entering play later (was the answer, "Your choice: ...")
    verdict = ask("what happens if the philosopher picks the chef and the chef is in play", kb)
    assert "enters play later" not in verdict["verdict"]["text"]
    # ("... becomes drunk", or "If that character is in play, place the “Drunk” reminder
    # token on that player: they are drunk for the rest of the game")
    assert re.search(r"becomes drunk|they are drunk", verdict["verdict"]["text"])
    # ... which the question may tell
    later = ask("philosopher picks the chef, the chef enters play later, is he drunk", kb)
    assert "enters play later" in later["verdict"]["text"]


def test_what_a_learner_asked_learns_leads(kb):
    # "what does the librarian get": the learner asked, not the first character named, is
    # the one whose learning in the replay leads (was the ruling alone)
    verdict = ask(
        "There are no outsiders in this game. what does the librarian get on the first night?", kb
    )["verdict"]
    assert verdict["text"].startswith("Ann (Librarian) learns 0 (reliable)."), verdict["text"]


def test_false_information_asked_is_not_the_drunk_or_poisoned_case(kb):
    # "When the Vortox is drunk or poisoned, ... You may give true information" is the case of
    # an impaired Vortox; "can the vortox give true info" asks of false information, telling
    # no drunkenness or poison (was "Your choice: you may give true information ...")
    verdict = ask("can the vortox give true info", kb)["verdict"]
    assert verdict["answer"] != "storyteller", verdict["text"]
    assert "may give true information" not in verdict["text"]
    # ... a Vortox told poisoned is that case
    poisoned = ask("vortox is poisoned, can i give true info", kb)["verdict"]
    assert "When the Vortox is drunk or poisoned" in poisoned["text"]


def test_whether_it_wakes_is_of_the_one_named_last(kb):
    # "does it wake": the one named last, the Exorcist's pick, kept asleep in the replay
    # (was information)
    assert ask("exorcist picks the zombuul, does it wake", kb)["verdict"]["answer"] == "no"


def test_a_night_death_asked_after_the_day_the_replay_ends_on(kb):
    # "can the ST still kill them at night": the replay ends on the day the Devil's Advocate
    # saved them from execution, and plays no night (was "No: Ann (Chef) does not die: ...
    # protects them from this execution")
    verdict = ask("DA saves the executed player, can the ST still kill them at night", kb)
    assert verdict["understood"]["characters"] == ["devilsadvocate"]
    assert verdict["verdict"]["answer"] == "yes", verdict["verdict"]["text"]
    assert "night deaths and other abilities still kill" in verdict["verdict"]["text"]


def test_a_procedure_is_led_from_its_start(kb):
    # "Then leave a clue ..." goes on from the Wizard's paragraphs before it (was "To run the
    # Wizard: then leave a clue ...")
    text = ask("how do i run the wizard", kb)["verdict"]["text"]
    assert text.startswith("To run the Wizard: once per game, the Wizard makes a wish"), text


@pytest.mark.parametrize("name", ["Pope", "Bootlegger"])
def test_how_to_run_with_nothing_but_the_ability(kb, name):
    # no source gives steps: the ability, quoted whole (was "To run the Pope: they might also
    # be bluffs.", its second sentence)
    verdict = ask(f"how do i run the {name.lower()}", kb)["verdict"]
    assert verdict["text"].startswith(f"The {name}: “"), verdict["text"]
    assert "No source gives steps for running it beyond its ability." in verdict["text"]


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # the neighbours told attacked: one of them is the Demon's target (was the Tea Lady:
        # "Ann (Tea Lady) dies")
        ("drunk tea lady neighbours attacked", "Ben (Chef) dies."),
        ("tea lady neighbours attacked", "Ben (Chef) does not die"),
    ],
)
def test_neighbours_told_attacked_are_the_target(kb, question, lead):
    text = ask(question, kb)["verdict"]["text"]
    assert text.startswith(lead), text


def test_a_learning_led_by_the_replay_is_not_denied_by_another_thing(kb):
    # "Ben (Evil Twin) and Ann (Chef) wake together: each learns who the other is" leads;
    # "While both twins live, the good team cannot win" denies winning, not knowing (was
    # "No: ...")
    verdict = ask("does the evil twin know who the good twin is", kb)["verdict"]
    assert verdict["answer"] != "no", verdict["text"]
    # ... a denial of the learning asked still answers
    assert ask("noble can learn 2 evil?", kb)["verdict"]["answer"] == "no"


def test_an_ability_that_knows_at_the_start_and_acts_later(kb):
    # "You start knowing which Outsiders are in play. If 1 died today, choose a player
    # tonight: they die.": its kill is no once-at-the-start, and a Godfather not woken for
    # want of an Outsider's death the replay did not stage forbids nothing (was "No: the
    # engine refuses ...; the Godfather's ability works once, at the start")
    verdict = ask("can the godfather kill twice", kb)["verdict"]
    assert verdict["answer"] != "no", verdict["text"]
    assert "once, at the start" not in verdict["text"]
    # ... an ability that only knows at the start still works once
    assert ask("can the washerwoman learn twice", kb)["verdict"]["answer"] == "no"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # an ability's act on what it makes, asked of the first night: the night sheet (was
        # information, "If the Pit-Hag creates a good Demon, ...")
        ("can the pit hag make a demon on night 1", "no"),
        ("can the witch curse someone on night 1", "yes"),
    ],
)
def test_an_act_with_its_object_asked_of_the_first_night(kb, question, answer):
    assert ask(question, kb)["verdict"]["answer"] == answer


def test_a_player_a_token_names_is_no_character_thought_to_be(kb):
    # "can the red herring be the drunk": the red herring is a player the Fortune Teller's
    # token marks, not the Fortune Teller (was "Yes: the Drunk thinks they are a Townsfolk
    # character, and the Fortune Teller is a Townsfolk")
    text = ask("can the red herring be the drunk", kb)["verdict"]["text"]
    assert "and the Fortune Teller is a Townsfolk" not in text, text
    # ... the character named still is
    assert ask("can the drunk be the fortune teller", kb)["verdict"]["answer"] == "yes"


def test_a_death_denied_tells_no_death(kb):
    # "if nobody dies" tells no death: "Nominating a dead Virgin does nothing." is another
    # case (was the answer)
    text = ask("is the virgin's ability used up if nobody dies", kb)["verdict"]["text"]
    assert "dead Virgin" not in text, text
    assert "No Ability" in text


@pytest.mark.parametrize(
    "question",
    [
        "does the saint lose if killed by the demon",
        "saint killed by the imp at night, does evil win",
    ],
)
def test_a_night_death_told_is_answered_by_the_sentence_denying_it(kb, question):
    # was information quoting "If the Saint dies by execution, the Saint's team loses" (a
    # case the night death rules out) above "..., nor does a night death or any other ability"
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "no", verdict["text"]
    assert "nor does a night death" in verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        # no nomination told: the replay played the curse's night alone, and its "nobody
        # dies" answered a wrong "No"
        "does the witch curse kill",
        "witch cursed the monk, does the monk die",
        # "on nomination" read as the Witch nominated: by the one she cursed
        "does the witch kill on nomination",
        # the one nominated is a filler, not the Virgin (whose rule executed the Monk first)
        "virgin in play. witch cursed the monk, does the monk die",
    ],
)
def test_the_nomination_a_curse_waits_on_is_played(kb, question):
    result = ask(question, kb)
    cursed, events = _cursed_and_day(result["replay"]["request"])
    assert [(e["type"], e["by"]) for e in events] == [("nominate", cursed)]
    verdict = result["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]
    assert "If the cursed player nominates the next day, they die" in verdict["text"]
    if "nominat" not in question:  # (the premise the yes rests on, said)
        assert verdict["text"].startswith(f"Yes: if {cursed} nominates the next day, "), verdict


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the curse played with the cursed player nominating: a drunk Witch kills nobody
        ("witch is drunk, does the curse kill", "no"),
        # a nomination denied is not played
        ("witch cursed ann, ann didnt nominate, does she die", "no"),
    ],
)
def test_a_curse_that_kills_nobody(kb, question, answer):
    result = ask(question, kb)
    assert result["verdict"]["answer"] == answer, result["verdict"]["text"]
    assert not (result["replay"] or {}).get("deaths")


def test_a_witch_told_dying_at_night_lifts_the_curse_before_the_day(kb):
    # "died that same night to the demon" with "today" said of the curse: was an execution
    # staged for the Witch after the cursed player nominated and died ("No: Ann (Chef) dies;
    # Ben (Witch) dies"), and "still live" read as a survival asked
    result = ask(
        "witch cursed someone n3 and then died that same night to the demon. is the curse "
        "still live today if they nom?",
        kb,
    )
    witch = next(
        p["name"] for p in result["replay"]["request"]["players"] if p["character"] == "witch"
    )
    assert result["replay"]["deaths"] == [witch]
    assert not any(
        e["type"] == "execute"
        for p in result["replay"]["request"]["phases"]
        for e in p.get("events") or ()
    )
    assert result["verdict"]["text"].startswith(
        "No: when the Witch is dead, the ability stops and any curse lifts"
    ), result["verdict"]["text"]


def test_a_case_of_no_death_of_a_type_is_not_one_that_tells_one(kb):
    # "If no Outsider died during the day, do not wake the Godfather" for an Outsider told
    # dead today (was quoted as the answer)
    text = ask("the godfather's outsider died today, who does the godfather kill", kb)["verdict"][
        "text"
    ]
    assert "If no Outsider died" not in text and "no Outsider died" not in text, text
    # an Outsider told dead at night: the sentence saying so decides
    text = ask(
        "an outsider died overnight to the demon. does GF get to wake up and kill tonight", kb
    )["verdict"]["text"]
    assert text.startswith("No: an Outsider who dies at night does not trigger it"), text


@pytest.mark.parametrize(
    ("question", "answer", "said"),
    [
        # "poison himself" also reads the Pukka poisoned, the state its choice brings (was
        # information: "Players that the Pukka kills are still poisoned at their time of death")
        (
            "can the pukka poison himself",
            "yes",
            "the Pukka's ability says to choose a player, and any player can be chosen",
        ),
        # the No Dashii's choice kills; its poison is its neighbours': not the rule's to answer
        ("can the no dashii poison himself", None, "any player can be chosen"),
    ],
)
def test_a_choice_of_itself_told_with_the_state_it_brings(kb, question, answer, said):
    verdict = ask(question, kb)["verdict"]
    if answer is None:
        assert said not in verdict["text"], verdict["text"]
    else:
        assert verdict["answer"] == answer and said in verdict["text"], verdict["text"]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # was "I could not tell which character this is about ...": a type, no character
        ("can the demon nominate", "a living Demon follows the game's rule"),
        ("can a minion vote", "“Alive players have their ability, may vote as many times"),
        ("can evil players nominate", "“Only alive players may nominate.”"),
    ],
)
def test_a_character_types_act_is_the_rule_for_every_alive_player(kb, question, said):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes" and said in verdict["text"], verdict["text"]
    assert "own ability says otherwise" in verdict["text"]


def test_an_abilitys_trigger_on_dying_is_not_the_premise_asked(kb):
    # "When you learn that you died, publicly choose 1 alive player: if they are evil, your
    # team loses": the premise the outcome rests on is "if they are evil" (was information)
    verdict = ask("does the klutz lose if they pick an evil player", kb)["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]
    assert "if they are evil, your team loses" in verdict["text"]
    assert "the sources disagree" in verdict["text"]  # (000's evil Klutz, shown)
    # a premise not told is no yes
    assert ask("does the klutz lose if they pick a good player", kb)["verdict"]["answer"] != "yes"


@pytest.mark.parametrize(
    "question",
    [
        "widow poisoned herself on night one. does a good player still get told theres a widow?",
        "Widow poisoned herself on night one. Do I still wake a good player to learn that a "
        "Widow is in play?",
    ],
)
def test_a_character_poisoning_itself_is_the_poisoned_case(kb, question):
    # "When the Widow poisons themself on their first night, ..." is the case of a poisoned
    # Widow asked (was passed over for a sentence of another case, read as a "Yes": "when the
    # Widow is drunk or poisoned any time after the Widow acts on their first night, ...")
    verdict = ask(question, kb)["verdict"]
    assert "any time after the Widow acts" not in verdict["text"], verdict["text"]
    assert verdict["answer"] != "yes", verdict["text"]
    # the sources disagree on it, and both sides are shown
    assert "000 says a Widow who poisons themself" in verdict["text"], verdict["text"]


def test_a_state_said_to_last_is_not_another_state_asked(kb):
    # "is still protected" does not answer "does he still get poisoned" (was "Yes: a
    # protected player who is drunk or poisoned is still protected ...")
    verdict = ask("monk protected the guy the pukka chose. does he still get poisoned", kb)[
        "verdict"
    ]
    assert verdict["answer"] != "yes", verdict["text"]
    # the state asked, said to last, still answers: "is still protected" for "still protected"
    verdict = ask("is a drunk or poisoned player the monk protects still protected", kb)["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "In our TB game Bella is the Saint and she was poisoned on night 2 (I know because I "
        "placed the token lol). On day 2 the town executed her and she died. I let the game "
        "carry on. Was that the right call?",
        "first nomination of day 1: the drunk (who thinks hes the chef) nominated the virgin. i "
        "didnt execute him because hes not actually a townsfolk. was that the right call?",
    ],
)
def test_whether_the_storytellers_call_was_right_is_not_the_rules_own_no(kb, question):
    # the rule the storyteller followed says "nothing happens": that is no "No" to "was that
    # the right call?" (was "No: if the Saint is drunk or poisoned when executed, nothing
    # happens: they die and the game goes on."); what they did ("I let the game carry on",
    # "i didnt execute him") is what it has happen: a yes
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]
    assert "nothing happens" in verdict["text"]


def test_a_call_the_rule_forbids_is_not_right(kb):
    verdict = ask(
        "the slayer shot the imp, missed because it was the recluse actually. then he wanted "
        "to shoot again same day and i let him. was that right?",
        kb,
    )["verdict"]
    assert verdict["answer"] != "yes", verdict["text"]


def test_what_a_working_ability_keeps_is_no_answer_for_its_poisoned_owner(kb):
    # "Minions you kill keep their ability" is what a working Vigormortis does (was "Yes:
    # Minions you kill keep their ability ..." for a poisoned one)
    verdict = ask(
        "vigor was poisoned n3 and chose one of his own minions. is the minion dead, do they "
        "keep the ability, do i poison a neighbour",
        kb,
    )["verdict"]
    assert verdict["answer"] != "yes", verdict["text"]
    # a rule of the impaired case itself still answers: "a drunk or poisoned Demon keeps
    # that good ability working"
    verdict = ask("boffin demon is drunk, does it keep the good ability", kb)["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]


@pytest.mark.parametrize(
    "question", ["does the gargan wake n3", "does the gargan wake on the third night"]
)
def test_a_denial_of_named_nights_is_no_answer_for_another_night(kb, question):
    # "The Gargan does not wake for it's ability on the first or second nights" says
    # nothing of night 3 (was "No: the Gargan does not wake ...")
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] != "no", verdict["text"]


def test_a_denial_of_named_nights_answers_a_night_it_names(kb):
    verdict = ask("does the gargan wake on night 2", kb)["verdict"]
    assert verdict["answer"] == "no", verdict["text"]
    assert "first or second nights" in verdict["text"]


def test_a_living_ones_even_if_is_no_yes_for_its_owner_told_dead(kb):
    # "That player dies, even if for some reason they could not" is a living Assassin's kill
    # (was "Yes: that player dies, even if ...")
    verdict = ask(
        "assassin died day 3 on the block without ever using her kill. any way she still gets it?",
        kb,
    )["verdict"]
    assert verdict["answer"] != "yes", verdict["text"]
    # a sentence of the dead case itself still answers
    verdict = ask("dead recluse still ping as evil?", kb)["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "mastermind (sam) died night 2. we just exed the demon today. do we still play the extra "
        "day with sam dead?",
        "mastermind died last night, today the demon got exed. do we still get the extra day?",
    ],
)
def test_the_side_followed_is_not_a_jinx_with_a_character_not_asked(kb, question):
    # of the official sides of the dead Mastermind's disagreement, its ability answers, not
    # its jinx with the Lleech (was "If the Mastermind is alive and the Lleech host dies by
    # execution, ..."); "their team loses" loses no extra day (was a "No" from it)
    verdict = ask(question, kb)["verdict"]
    assert "Lleech" not in verdict["text"], verdict["text"]
    assert "play for 1 more day" in verdict["text"]
    assert verdict["answer"] == "info", verdict["text"]


def test_a_relatives_night_death_is_no_premise_of_a_day_death(kb):
    # "a resurrected Ravenkeeper who dies at night again triggers it again" is no case of a
    # Ravenkeeper executed today (was "Yes: once used, the ability is spent — but ...")
    verdict = ask(
        "our ravenkeeper got executed and died today — does his ability trigger at all?", kb
    )["verdict"]
    assert verdict["answer"] == "no", verdict["text"]
    assert "died during the day" in verdict["text"]


def test_a_survival_asked_leads_with_the_one_asked_about(kb):
    # "lleech survives?" answered "Yes: Ann (Chef) dies. ...": the host's death led, the
    # Lleech asked about unsaid; the one asked about, alive, leads
    verdict = ask(
        "lleech host (marco) got exed today and the mastermind's alive. lleech survives?", kb
    )["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]
    assert verdict["text"].startswith("Yes: Ben (Lleech) does not die; Ann (Chef) dies."), verdict[
        "text"
    ]


def test_a_death_asked_of_the_one_the_demon_attacks_is_answered_by_the_replay(kb):
    # "the demon attacked the chef, does she die": no rule of the Chef's decides it, and the
    # replay (the Demon's kill) was not shown: "Dead players still occupy their seats"
    answer = ask("the demon attacked the chef, does she die", kb)
    assert answer["verdict"]["answer"] == "yes", answer["verdict"]["text"]
    assert answer["verdict"]["text"].startswith("Yes: Ann (Chef) dies."), answer["verdict"]
    assert answer["replay"] is not None
    # a death the replay staged for the one asked about is not shown as the answer
    verdict = ask(
        "good scapegoat in play and the demon kills a good player at night. can i have the "
        "scapegoat die instead?",
        kb,
    )["verdict"]
    assert verdict["answer"] != "yes", verdict["text"]


def test_a_denial_inside_a_relative_clause_is_no_no(kb):
    # "every piece must be something that cannot be true" denies nothing of what it says
    # must be (was "No: so every piece must be something that cannot be true ..." for "so
    # anything except 0?", labelled yes)
    verdict = ask(
        "vortox in play and the empaths alive neighbours are both good. so anything except 0?",
        kb,
    )["verdict"]
    assert verdict["answer"] != "no", verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        "imp pointed at someone whos already dead. allowed or do i make him pick again",
        "the imp pointed at someone whos already dead?? do i tell him no and make him pick again",
    ],
)
def test_a_premise_told_of_an_unnamed_player_decides(kb, question):
    # "If the Imp attacks a dead player at night, let them do so." speaks of the unnamed dead
    # player the question tells (was "That player dies: place the Imp “Dead” reminder ...")
    verdict = ask(question, kb)["verdict"]
    assert verdict["text"].startswith("If the Imp attacks a dead player at night"), verdict


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # a yes or no relayed in a clause of its own ("asking if", "not sure if")
        ("we hung the RK today, hes asking if he still gets his ping tonight", "No: "),
        (
            "barber died today. demons poisoned rn. the demon player asks if he even gets to do "
            "the haircut swap",
            "Yes: ",
        ),
        (
            "ODE script with the gargan as demon. it's night 2 and im not sure if i wake him yet",
            "No: ",
        ),
    ],
)
def test_a_yes_or_no_asked_in_a_clause_of_its_own(kb, question, lead):
    assert ask(question, kb)["verdict"]["text"].startswith(lead)


def test_a_question_asked_before_a_wondering_clause_is_the_ask(kb):
    # "can the beggar even get poisoned? ... im not sure if his info was real": the first
    # sentence asks; the later "not sure if" does not take its place
    verdict = ask(
        "can the beggar even get poisoned? the poison token landed on him last night and now im "
        "not sure if his alignment info from the dead vote today was supposed to be real",
        kb,
    )["verdict"]
    assert verdict["answer"] == "no", verdict["text"]


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # a permission asked of a character with no state, answered by its own rule's modal
        # before the verb asked, of everything the question says after the verb
        (
            "The Sleeper was attacked at night for the first time, so they survive and get to "
            "pick an ability. Are they allowed to pick a Traveller or a Fabled?",
            "No: the Sleeper can not choose",
        ),
        ("can the pumpkin player count as scary too lol", "Yes: the Pumpkin themself may"),
        (
            "harpy picked a dead guy as the 2nd player and the mad player isnt being mad at all. "
            "can i kill just the living one?",
            "Yes: ",
        ),
    ],
)
def test_a_permission_asked_is_answered_by_the_rule_of_the_very_thing(kb, question, lead):
    assert ask(question, kb)["verdict"]["text"].startswith(lead)


@pytest.mark.parametrize(
    "question",
    [
        # what the question says after the verb is not all in the rule ("when only 3 ppl are
        # alive"), or the rule is of someone else ("Only a dead player may give ...")
        "can the prankster still swap seats when only 3 ppl are alive",
        "can a living player give there vote token to the beggar",
    ],
)
def test_a_permission_rule_of_something_else_gives_no_yes(kb, question):
    assert ask(question, kb)["verdict"]["answer"] != "yes"


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # a question, then its other side opening on "or" in a sentence of its own: one ask
        # among alternatives, the first answered (was the "or" sentence alone, no ask)
        (
            "sweatheart died. can i make someone whos already dead the drunk one? or does it "
            "have to be alive",
            "Yes, as you choose: ",
        ),
        ("sleeper would die tonight - can they grab a demon ability? or a traveller one", "No: "),
    ],
)
def test_an_alternative_after_its_question_is_one_ask(kb, question, lead):
    assert ask(question, kb)["verdict"]["text"].startswith(lead)


def test_an_alternative_after_a_bare_ask_leaves_the_ask(kb):
    # "host dies? or nothin cos not the demon": the bare "host dies?" is still the ask
    verdict = ask("slayer shot the lleech host.. host dies? or nothin cos not the demon", kb)
    assert verdict["verdict"]["answer"] == "yes", verdict["verdict"]["text"]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a once-per-game ability told used: not woken again ("if the Assassin has not used
        # their ability, wake them"; was Yes from the night sheet's step)
        (
            "assassin used his kill n3 on seat 2 but he was poisoned so nobody died. n4 now, do "
            "i wake him again for another try?",
            "no",
        ),
        ("the assassin already used his ability on n2. its n3, do i wake him", "no"),
        # no night named: a use told was on an earlier night, so the night asked is a later
        # one (was an info verdict quoting the Assassin's kill)
        ("the assassin has already used it. do i still wake him", "no"),
        ("the seamstress already used her ability, does she wake", "no"),
        # not used: the sheet's step stands
        ("assassin hasnt used his ability. n4, do i wake him", "yes"),
    ],
)
def test_a_once_per_game_ability_told_used_is_not_woken(kb, question, answer):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer, verdict["text"]


def test_a_use_told_of_another_player_is_not_the_askeds_spent_ability(kb):
    # "a townsfolk who had already used their once per game thing": the Townsfolk's use,
    # not the Professor's (its own ability, once per game, is not told used)
    verdict = ask(
        "professor brought back a townsfolk who had already used their once per game thing. do "
        "they get to use it again??",
        kb,
    )["verdict"]
    assert "Professor's ability works once per game" not in verdict["text"], verdict["text"]


@pytest.mark.parametrize(
    "question",
    [
        # more nights than one: no replay, so the rulings alone answer; the case of the
        # Sailor choosing itself is told, so its outcome answers (was "No: the Sailor
        # cannot die, from any cause", the rule for a sober Sailor)
        "jon is the sailor. n1 he picked meg and she was drunk. n2 he picked himself. does he "
        "die to the imp",
        # ("he" doing what the Sailor did to meg is the Sailor again, not meg)
        "sailor picked meg n1. n2 he picked himself and the imp went for him. does he die",
    ],
)
def test_a_told_choice_of_itself_answers_from_its_own_case(kb, question):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == "yes", verdict["text"]
    assert "choose themself" in verdict["text"], verdict["text"]


@pytest.mark.parametrize(
    ("question", "answer", "quoted"),
    [
        # the Trapper's example "There are no living minions. No players die ..." answered
        # "No" where the question says two Minions are alive; its rule for a death at night
        # decides
        (
            "trapper ali (he) seat 2. day 2 our gossip (lin, she) said something true. n3 i put "
            "the gossip kill on ali and he died. minions alive: the spy and the witch. does a "
            "minion die too?",
            "info",
            "a living Minion dies too",
        ),
        # "If there are no living Minions, no player dies ..." answered "No" for the only
        # living Minion
        (
            "ode trapper. n3 the assassin (otto) used his kill on the trapper (pia) and she "
            "died. otto is the only living minion. does otto die too?",
            "yes",
            "the Trapper dies to the Assassin's ability",
        ),
    ],
)
def test_a_case_of_no_one_of_a_type_alive_is_not_the_case_told(kb, question, answer, quoted):
    verdict = ask(question, kb)["verdict"]
    assert verdict["answer"] == answer, verdict["text"]
    assert "no living minions" not in verdict["text"].lower(), verdict["text"]
    assert quoted in verdict["text"], verdict["text"]
