"""The ask evaluation set: well-formed, every must-cite phrase real, and floors that only rise.

``bench/ask_eval.py`` prints the same figures per kind (and what fails, with --failures).
The floors are what ``ask`` reaches today, rounded down: raise them when it does better,
never lower them to make a change pass.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.answer.evaluate import answer_types, evaluate, read_eval
from service.answer.kb import AnswerKB
from service.answer.words import Condition, Kind

ROOT = Path(__file__).resolve().parent.parent
EVAL = ROOT / "tests" / "eval" / "ask.jsonl"
# Written by someone who had not read service/answer/, phone-style; not to be tuned against
# question by question (its failures show general gaps, fixed in the vocabularies).
HOLDOUT = ROOT / "tests" / "eval" / "ask_holdout.jsonl"
SOURCES = ROOT / "knowledge" / "sources"

# verdict_cites: the verdict rests on a must-cite phrase (its words or the quotes it rests
# on); not a target of the issue, a floor so the deciding sentence does not drift
FLOORS = {
    "characters": 1.0,
    "conditions": 1.0,
    "kind": 1.0,
    "citation_recall": 0.92,
    "verdict_cites": 0.54,
}
# how-to-run 0.91 and interaction 0.89 until the weights were refitted on 52 sets (see
# HOLDOUT_FLOORS): here three how-to-run and two interaction questions lost a must-cite to
# rank 6, over all 3,802 eval questions recall rose 88.6% -> 90.0%
RECALL_FLOORS = {
    "how-to-run": 0.89,
    "interaction": 0.86,
    "night-order": 1.0,
    "reminders": 1.0,
    "ruling": 0.93,
}
# Its writer labels "does the spy die" as the Spy dead; four other blind writers do not, and
# ask shows such a condition as asked, not stated. Conditions fell from 1.0 to 0.933 by that
# choice alone (see the commit that did it). Its recall fell from 0.88 to 0.839 (three
# questions) when the ranking's weights were refitted on 52 sets: recall over all 3,802
# questions rose 88.6% -> 90.0%, and on the eight blind sets left out of that fit 87.0% ->
# 88.9%; ask_dev_a, c, aa and ap fell too, 48 other sets rose and their floors with them.
# Conditions fell again, 0.933 -> 0.917, for the same choice: "imp hits the mayor and it
# bounces who dies" asks who dies (conventions 1), where its writer labels the Mayor dead.
HOLDOUT_FLOORS = {"characters": 1.0, "conditions": 0.91, "kind": 1.0, "citation_recall": 0.83}
# The other blind sets: once read (or fitted to), regression guards. A held-out set gets no
# floor: it is measured and reported, never read. ask_dev_p to ask_dev_t were the held-out
# sets ask_holdout6, 7, 8, 17 and 18, ask_dev_u to ask_dev_z were ask_holdout19 to 24,
# ask_dev_aa, ab were ask_holdout25, 26, and ask_dev_ac to cm were ask_holdout27 to 89, until
# their figures were reported (issue 5's notes); their floors are what the code read when
# they were renamed. Twenty conditions floors were lowered once, for one convention: the brief
# asks for other-nights on "tonight" later in the game ("RK got exed today, does he wake
# tonight"), and blind writers split on it (99 dev questions gained, 97 lost when the reader
# followed the brief), while two people labelling the same questions blind to each other
# agree on it: where they agree, conditions rose 96.1 -> 97.2%, 92.0 -> 95.1%, 88.4 -> 91.6%
# (tests/eval/second) and on the newest 600 blind questions 84.2 -> 85.8% (issue 5's note).
# Every conditions floor was set to what the code read then (41 rose, 20 fell). ask_dev_p's
# fell again for "can the beggar even be drunk or poisoned": its writer leaves the state
# supposed unlabelled, ask_dev_u's writer and second labeller both label it (and so do both
# people for "can lil monsta even be drunk"), as "can the lleech be executed" is read.
# ask_dev_bg's fell 0.86 -> 0.85 for "can i execute the mutant at night ...": its writer
# labels the execution the storyteller asks leave for, as 13 of the 42 writers who ask it do
# (ask reads it as asked since the eighteenth session; 4 other sets rose).
# In the nineteenth session seven floors fell by a question each, for readings that follow
# the brief's conventions where their writers did not, while 13 other floors rose (dev
# conditions 91.20 -> 91.37%, the twenty held-out sets read 91.75 -> 94.67%):
# "can a dead recluse still register evil" supposes the misregistration, as "can the beggar
# be poisoned" supposes the poison (conventions 1; 8 dev questions gained, 5 lost): ask_dev_e,
# j, s and cc; "can a beggar even get drunk", ask_dev_bf (two other sets gained it);
# "how do i run nights 1 to 3" reads both nights, ask_dev_aw (a held-out writer labels it);
# and ask_dev_i's recall lost "Once placed, the drunkenness does not lift even if the
# Sweetheart is resurrected", found before only by misreading the Sweetheart as drunk.
# In the twentieth session eight conditions floors fell, by a question or two each, and 19
# rose (the dev sets and the read held-out sets 91.70 -> 92.23%): leave to execute asked is
# read as asked whoever a pronoun after it means ("mutant outs himself at night, can i exe
# him then"), as the brief's first convention says and 17 of the 25 writers whose questions
# it changed label it (ask_dev_h, k, o, ah, aq, bp label the execution); and a result asked
# in a sentence of its own ("he dies? and is his save burnt") is asked, where ask_dev_n and
# ao's writers label the death while ask_dev_at's, and held-out 165's, do not. Later that
# session ask_dev_ba's and bb's fell by a question each: "the shabaloth picked someone
# already dead last night, can i regurgitate that player tonight" puts the night on the
# Shabaloth, whose act the storyteller's is, as four held-out writers (150, 151, 155, 169)
# label it and those two do not. ask_dev_bh's recall fell 0.88 -> 0.86: "tonight FT picks
# the dead old imp" now reads the Imp dead, not the Fortune Teller, and "If they choose a
# dead Demon, then the Fortune Teller still receives a nod" left the top five, found before
# only with the Fortune Teller misread as dead. ask_dev_d's and bb's conditions fell a
# question each (0.90 -> 0.88) when the death a starpass implies went apart from what the
# question says (understood.implied): of the writers who say "starpassed" and no death, 8
# leave the death out and those two put it in.
# In the twenty-first session seven conditions floors fell by a question each, and two rose.
# A night is also the night of what its act did to whom it names in the same clause ("n2
# the imp killed the trapper": the Trapper's death is on n2; "widow poisoned the butler
# n1"), as conventions 2 says ("places that character's ... state") and as the writers of
# the v2.2 sets label it (the sets read gained 4, lost none; two writers and two second
# labellers of the new blind sets say so in their reports): ask_dev_u, ak, bf, bx and bz,
# written before the conventions, label only the one acting. And "does he actually get
# poisoned?" asks the outcome (conventions 1), where ask_dev_bn's and ca's writers label it.
# In the twenty-third session the kind became a learned classifier's (service/answer/kinds.py):
# 91 kind floors rose; ten citation recall floors fell by a phrase each (ask_dev_z, ab, ak,
# al, am, av, ax, bf, bw, cd: the ranking weighs a question's kind, and some questions
# whose writer's kind the rules missed had their phrase ranked in by the wrong kind), and
# thirteen rose: recall over the 8,241 questions read 96.02% -> 96.11%, over the 2,400 of
# ask_holdout142-181 (never trained on) 94.35% -> 94.55%, over 182-191 unchanged at 92.05%.
# In the twenty-sixth session six conditions floors fell, by a question each (two for
# ask_dev_c): "that night" after a day told is a later night, as the brief's second
# convention says in so many words ("rk executed today, does he wake tonight" ... "or says
# 'tonight' / 'that night' after telling of an earlier day or night"). On the 2,585 second-
# labelled questions whose two labellers agree, ask gained 8 and lost 1; on the sets written
# with the conventions (150-207) it gained 9 and lost 4. ask_dev_ab, am, bi, c, ce and g,
# written before the conventions, label "juggler exed day 1, does he get his number that
# night" with no night.
# In the twenty-seventh session ask_dev_be's fell by a question (0.88 -> 0.86): "imp killed
# the trapper n3" is the Imp's night as well as the Trapper's death's, the night going on the
# named character it times (conventions 2), as the writers of 169, 190, 193 and 209 and the
# second labellers of ask_dev_x and 190 label "X killed Y n3"; on the questions two people
# label alike ask gained 5 and lost none. ask_dev_s's fell 0.75 -> 0.73: "assassin went for
# the goon. goon dies right? and does ..." asks the death (conventions 1), its tag ending the
# question though more follows, as its second labeller reads it and its writer does not.
# ask_dev_bs's fell 0.95 -> 0.93: "gossip made a true statement today ... does someone still
# die tonight from it" is the Gossip's night, the one character whose doing the death would
# be (conventions 2), as the writers of 164, 201 and 214 label it.
# In the twenty-ninth session two fell by a question each. ask_dev_aa 0.96 -> 0.95:
# "tonights number" is "tonight" (after "was drunk last night", a later night, conventions
# 2); ask_dev_l's and 216's writers label the same question with the night, ask_dev_aa's
# does not. ask_dev_cm 0.95 -> 0.93: "evil needs one more death to win. am i allowed to just
# kill the tinker" had the Tinker dead only because "one more death" was read as his (a state
# word no longer reaches into the next sentence); killing him is leave asked (conventions 1).
# Thirteen rose (ask_dev_h, l, w, ab, ad, ai, ak, bi, bq, bz, cc, ce, ck).
# In the thirty-sixth session two fell by a question each: "all day" tells a day, so a
# "tonight" after it is a later night (conventions 2: "after telling of an earlier day or
# night"), as ask_dev_al's writer ("gatekeeper was alive all day and the demon killed him
# tonight") and 189's label it; ask_dev_b (0.97 -> 0.96: "the puppet master kept saying his
# own word all day, does he get 2 kills tonight") and ask_dev_ba (0.91 -> 0.90: "mad about
# being the SW all day. do they turn ... tonight") do not. The blind sets 224-235 gained two.
# In the thirty-seventh two rose: ask_dev_ah (0.91 -> 0.93: "can the tinker still die ...
# while protected?" opening the question supposes the death, conventions 1) and ask_dev_bk
# (0.93 -> 0.95: "fang gu hit the klutz and jumped": the Klutz becomes, conventions 5).
# In the fifty-sixth session ask_dev_bh's recall fell 0.86 -> 0.8587, one phrase: a death
# asked as an event is now read off its subject, so "When the Pacifist is drunk or poisoned,
# an executed good player dies as normal" no longer reads as the Pacifist dying; for
# "pacifist died n3. can i still let executed good players live" that moved the learned
# order, and "When the Pacifist is dead, their ability keeps working" went from fifth to
# sixth (found fifth before only by that misreading; over the dev sets the change gained 3
# must-cite phrases and lost 2).
# In the sixtieth session ask_dev_l's conditions fell 0.78 -> 0.76, one question: "FG jumped
# into the klutz n2 so klutz is the new fang gu" puts the night on the Fang Gu, whose act
# the jump is (conventions 2: the night goes on the named character it times), as the
# writer of 244 (read) labels it twice; ask_dev_l's writer, before the conventions, gives it
# to the Klutz.
# In the sixty-sixth session the 133 held sets read after their blind measurement
# (ask_holdout142 to 305) came here to be learned from, and the three models were retrained
# on all 13,821 questions (the re-ranker and the chooser with 400 trees, not 200: see
# bench/fit_rerank.py). On the 32 held sets still blind, kind rose 90.78 -> 92.13%, citation
# recall 92.24 -> 94.15% and verdict_cites 70.21 -> 73.80% (73.75% as landed in the
# sixty-seventh session, tests/eval/held/README.md); over the 5,841 questions here
# before, recall rose 96.82 -> 97.32% and kind fell 99.90 -> 99.52%, the models no longer
# fitting these sets alone. Seventeen kind floors and ten recall floors fell by a question or
# two each (ask_dev_d's kind 0.96 -> 0.91, three questions); the moved sets' floors are what
# the code read when they came.
OTHER_FLOORS = {
    "ask_holdout2": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 0.97},
    "ask_dev_a": {"characters": 1.0, "conditions": 0.91, "kind": 1, "citation_recall": 0.98},
    "ask_dev_b": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 1},
    "ask_dev_c": {"characters": 1.0, "conditions": 0.96, "kind": 1.0, "citation_recall": 0.98},
    "ask_dev_d": {"characters": 1.0, "conditions": 0.9, "kind": 0.91, "citation_recall": 0.95},
    "ask_dev_e": {"characters": 1.0, "conditions": 0.86, "kind": 1, "citation_recall": 1.0},
    "ask_dev_f": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 1.0},
    "ask_dev_g": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 0.95},
    "ask_dev_h": {"characters": 1.0, "conditions": 0.86, "kind": 1, "citation_recall": 0.98},
    "ask_dev_i": {"characters": 1.0, "conditions": 0.98, "kind": 1, "citation_recall": 0.95},
    "ask_dev_j": {"characters": 0.98, "conditions": 0.98, "kind": 1, "citation_recall": 0.96},
    "ask_dev_k": {"characters": 1.0, "conditions": 0.93, "kind": 0.98, "citation_recall": 0.93},
    # recall lowered once, 0.84 to 0.83: reading "walk me through" / "how do i run" as how to
    # run (kind right on 12 more of 1,942 read questions, recall over them 88.0% unchanged)
    # moved one of its phrases to 6th
    "ask_dev_l": {"characters": 1.0, "conditions": 0.76, "kind": 1, "citation_recall": 0.92},
    "ask_dev_m": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 1.0},
    "ask_dev_n": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 0.91},
    "ask_dev_o": {"characters": 1.0, "conditions": 0.8, "kind": 1, "citation_recall": 0.91},
    "ask_dev_p": {"characters": 0.98, "conditions": 0.93, "kind": 0.98, "citation_recall": 0.97},
    "ask_dev_q": {"characters": 1.0, "conditions": 0.91, "kind": 1, "citation_recall": 1.0},
    "ask_dev_r": {"characters": 1.0, "conditions": 0.98, "kind": 1, "citation_recall": 0.98},
    "ask_dev_s": {"characters": 1.0, "conditions": 0.73, "kind": 1, "citation_recall": 1.0},
    # recall lowered once, 0.86 to 0.85: "does the no dashii poison reach him" had ranked the
    # Soldier's note 5th only because it misread the No Dashii as poisoned; read right, it is
    # 6th (all readable sets together keep 88.56%)
    "ask_dev_t": {"characters": 1.0, "conditions": 0.98, "kind": 1, "citation_recall": 0.94},
    "ask_dev_u": {"characters": 1.0, "conditions": 0.85, "kind": 1, "citation_recall": 0.96},
    "ask_dev_v": {"characters": 1.0, "conditions": 0.91, "kind": 1, "citation_recall": 0.98},
    "ask_dev_w": {"characters": 1, "conditions": 0.96, "kind": 1, "citation_recall": 1.0},
    "ask_dev_x": {"characters": 1.0, "conditions": 0.78, "kind": 1, "citation_recall": 0.93},
    "ask_dev_y": {"characters": 1.0, "conditions": 0.98, "kind": 1, "citation_recall": 1},
    "ask_dev_z": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 0.95},
    "ask_dev_aa": {"characters": 1.0, "conditions": 0.95, "kind": 0.96, "citation_recall": 1.0},
    "ask_dev_ab": {"characters": 1.0, "conditions": 0.78, "kind": 1, "citation_recall": 0.92},
    "ask_dev_ac": {"characters": 1.0, "conditions": 0.93, "kind": 1, "citation_recall": 0.95},
    "ask_dev_ad": {"characters": 1.0, "conditions": 0.91, "kind": 1, "citation_recall": 0.91},
    "ask_dev_ae": {"characters": 1.0, "conditions": 0.98, "kind": 1, "citation_recall": 0.96},
    "ask_dev_af": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 0.94},
    "ask_dev_ag": {"characters": 1.0, "conditions": 0.9, "kind": 1, "citation_recall": 0.95},
    # recall lowered once, 0.97 to 0.96 (and ask_dev_at's below): "... does the assassin
    # target die" had ranked the Assassin's and the Lycanthrope's notes on other deaths in
    # the five only because it misread the Assassin as dying; read right (the Assassin's
    # target dies), one phrase each is 6th or lower (all readable sets: 95.50% -> 95.48%,
    # these two and ask_holdout148's like question the only rows that moved)
    "ask_dev_ah": {"characters": 1.0, "conditions": 0.93, "kind": 1, "citation_recall": 0.96},
    "ask_dev_ai": {"characters": 1.0, "conditions": 0.9, "kind": 0.98, "citation_recall": 0.98},
    "ask_dev_aj": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 0.97},
    "ask_dev_ak": {"characters": 1.0, "conditions": 0.88, "kind": 0.96, "citation_recall": 0.89},
    # recall 0.89 -> 0.88 (one phrase): "sweetheart died w fall guy in play, who gets drunk"
    # no longer reads the Fall Guy as drunk (as its writer labelled it), and so no longer
    # ranks the Fall Guy's "even if the Fall Guy is drunk" note in the five
    "ask_dev_al": {"characters": 1.0, "conditions": 0.91, "kind": 1, "citation_recall": 0.96},
    "ask_dev_am": {"characters": 1.0, "conditions": 0.91, "kind": 1, "citation_recall": 0.96},
    "ask_dev_an": {"characters": 1.0, "conditions": 0.96, "kind": 0.95, "citation_recall": 0.96},
    "ask_dev_ao": {"characters": 1.0, "conditions": 0.91, "kind": 1, "citation_recall": 1.0},
    "ask_dev_ap": {"characters": 1.0, "conditions": 0.9, "kind": 1, "citation_recall": 0.98},
    "ask_dev_aq": {"characters": 1.0, "conditions": 0.98, "kind": 1, "citation_recall": 0.96},
    "ask_dev_ar": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 0.98},
    "ask_dev_as": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 1.0},
    "ask_dev_at": {"characters": 1.0, "conditions": 1, "kind": 0.98, "citation_recall": 0.96},
    "ask_dev_au": {"characters": 1.0, "conditions": 1, "kind": 1, "citation_recall": 0.95},
    "ask_dev_av": {"characters": 1.0, "conditions": 0.98, "kind": 0.98, "citation_recall": 0.96},
    "ask_dev_aw": {"characters": 1.0, "conditions": 0.9, "kind": 0.98, "citation_recall": 0.95},
    "ask_dev_ax": {"characters": 1.0, "conditions": 0.9, "kind": 0.98, "citation_recall": 0.96},
    "ask_dev_ay": {"characters": 1.0, "conditions": 0.98, "kind": 1, "citation_recall": 0.97},
    "ask_dev_az": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 0.91},
    "ask_dev_ba": {"characters": 1.0, "conditions": 0.90, "kind": 1, "citation_recall": 0.98},
    "ask_dev_bb": {"characters": 1.0, "conditions": 0.88, "kind": 1, "citation_recall": 0.96},
    "ask_dev_bc": {"characters": 0.98, "conditions": 0.88, "kind": 1, "citation_recall": 0.92},
    "ask_dev_bd": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 0.97},
    "ask_dev_be": {"characters": 1.0, "conditions": 0.86, "kind": 1, "citation_recall": 1.0},
    "ask_dev_bf": {"characters": 1.0, "conditions": 0.71, "kind": 0.98, "citation_recall": 0.93},
    "ask_dev_bg": {"characters": 1.0, "conditions": 0.88, "kind": 1, "citation_recall": 0.98},
    # ask_holdout58 was measured with 60 questions; "can the FT be their own red herring",
    # typed word for word as in ask.jsonl, is left out of ask_dev_bh (no set copies ask.jsonl)
    "ask_dev_bh": {"characters": 1.0, "conditions": 0.83, "kind": 0.96, "citation_recall": 0.85},
    "ask_dev_bi": {"characters": 1.0, "conditions": 0.9, "kind": 1, "citation_recall": 0.98},
    "ask_dev_bj": {"characters": 1.0, "conditions": 0.98, "kind": 0.98, "citation_recall": 0.95},
    "ask_dev_bk": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 0.96},
    "ask_dev_bl": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 0.95},
    "ask_dev_bm": {"characters": 1.0, "conditions": 1, "kind": 1, "citation_recall": 0.96},
    "ask_dev_bn": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 1.0},
    "ask_dev_bo": {"characters": 1.0, "conditions": 0.96, "kind": 0.98, "citation_recall": 0.97},
    "ask_dev_bp": {"characters": 1.0, "conditions": 0.86, "kind": 1, "citation_recall": 0.96},
    "ask_dev_bq": {"characters": 1.0, "conditions": 0.8, "kind": 0.98, "citation_recall": 0.94},
    "ask_dev_br": {"characters": 1.0, "conditions": 0.9, "kind": 1, "citation_recall": 1.0},
    "ask_dev_bs": {"characters": 1.0, "conditions": 0.93, "kind": 1, "citation_recall": 0.94},
    "ask_dev_bt": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 1.0},
    "ask_dev_bu": {"characters": 1.0, "conditions": 0.91, "kind": 1, "citation_recall": 0.98},
    "ask_dev_bv": {"characters": 1.0, "conditions": 0.86, "kind": 1, "citation_recall": 0.97},
    "ask_dev_bw": {"characters": 1.0, "conditions": 0.9, "kind": 1, "citation_recall": 0.93},
    # bx: recall 0.9518 measured blind; 0.9398 once the re-ranker was retrained with it in
    "ask_dev_bx": {"characters": 1.0, "conditions": 0.93, "kind": 1, "citation_recall": 0.95},
    "ask_dev_by": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 0.98},
    "ask_dev_bz": {"characters": 1.0, "conditions": 0.8, "kind": 1, "citation_recall": 0.92},
    # recall lowered once, 0.97 to 0.96: the re-ranker and the sentence chooser retrained with
    # ask_dev_cf to ci moved two of its phrases (Krankster, Carnage) to sixth. Over all 5,601
    # questions recall rose 96.69 -> 96.76%; retrained with ask_holdout82-83 alone, the
    # re-ranker raised recall on the unseen 84 and 85 from 93.88 to 94.90% and 92.39 to 93.48%
    "ask_dev_ca": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 0.96},
    "ask_dev_cb": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 0.98},
    "ask_dev_cc": {"characters": 1, "conditions": 0.75, "kind": 1, "citation_recall": 0.95},
    "ask_dev_cd": {"characters": 0.98, "conditions": 0.96, "kind": 0.98, "citation_recall": 0.96},
    "ask_dev_ce": {"characters": 1.0, "conditions": 0.88, "kind": 1, "citation_recall": 0.97},
    # recall lowered once, 0.98 to 0.97 (cf) and 0.96 to 0.94 (ch): the models retrained with
    # ask_dev_cj to cm moved the Boomdandy's second phrase and three of ch's (Mutant, Tea
    # Lady, Pit-Hag) below fifth; over all 5,841 questions recall rose 96.70 -> 96.72%, and out
    # of fold (fit_rerank.py --cv) the re-ranker holds 93.7-96.1% against the hand-set 87.8-90.6%
    "ask_dev_cf": {"characters": 1.0, "conditions": 0.81, "kind": 1, "citation_recall": 0.97},
    "ask_dev_cg": {"characters": 1.0, "conditions": 0.93, "kind": 0.98, "citation_recall": 1.0},
    "ask_dev_ch": {"characters": 1.0, "conditions": 0.96, "kind": 1, "citation_recall": 0.94},
    "ask_dev_ci": {"characters": 1.0, "conditions": 0.91, "kind": 1, "citation_recall": 0.96},
    "ask_dev_cj": {"characters": 0.98, "conditions": 0.9, "kind": 1, "citation_recall": 0.95},
    "ask_dev_ck": {"characters": 1.0, "conditions": 0.95, "kind": 1, "citation_recall": 1.0},
    "ask_dev_cl": {"characters": 1.0, "conditions": 0.9, "kind": 1, "citation_recall": 1.0},
    "ask_dev_cm": {"characters": 1.0, "conditions": 0.93, "kind": 0.98, "citation_recall": 0.95},
}

# The held sets read after their blind measurement, learned from since the sixty-sixth session
# (held/README.md): ask_holdoutN's floors, what the code read when they came here.
METRICS = ("characters", "conditions", "kind", "citation_recall")
READ_HELD_FLOORS = {
    142: (1.0, 0.96, 0.98, 0.98),
    143: (1.0, 0.98, 0.98, 0.98),
    144: (0.98, 0.96, 1.0, 0.98),
    145: (1.0, 1.0, 1.0, 0.98),
    146: (0.98, 0.98, 1.0, 1.0),
    147: (1.0, 0.86, 1.0, 0.98),
    148: (1.0, 0.93, 0.98, 0.98),
    149: (1.0, 0.98, 1.0, 0.97),
    150: (1.0, 0.98, 1.0, 0.97),
    151: (0.91, 0.93, 1.0, 0.95),
    152: (1.0, 1.0, 1.0, 0.96),
    153: (1.0, 0.96, 1.0, 0.95),
    154: (1.0, 1.0, 1.0, 1.0),
    155: (0.98, 0.98, 1.0, 0.97),
    156: (0.96, 0.96, 0.98, 0.96),
    157: (1.0, 0.95, 1.0, 0.98),
    158: (0.98, 1.0, 1.0, 0.95),
    159: (0.95, 0.96, 1.0, 0.96),
    160: (0.86, 0.95, 0.98, 0.93),
    161: (0.93, 0.93, 1.0, 0.91),
    162: (0.98, 0.95, 1.0, 0.98),
    163: (1.0, 1.0, 1.0, 0.98),
    164: (0.98, 0.93, 0.98, 0.96),
    165: (0.96, 0.96, 1.0, 0.93),
    166: (1.0, 0.93, 1.0, 0.97),
    167: (0.98, 1.0, 1.0, 0.96),
    168: (1.0, 0.98, 1.0, 0.98),
    169: (1.0, 0.91, 1.0, 0.97),
    170: (0.98, 0.95, 1.0, 0.98),
    171: (1.0, 0.9, 1.0, 0.95),
    172: (0.98, 0.95, 1.0, 0.93),
    173: (1.0, 0.88, 1.0, 0.97),
    174: (1.0, 0.93, 1.0, 1.0),
    175: (1.0, 0.98, 1.0, 0.94),
    176: (1.0, 0.88, 1.0, 0.96),
    177: (1.0, 0.96, 1.0, 1.0),
    178: (1.0, 0.98, 1.0, 1.0),
    179: (0.98, 1.0, 0.98, 0.98),
    180: (1.0, 0.95, 1.0, 0.94),
    181: (0.98, 0.95, 1.0, 0.96),
    182: (0.98, 0.98, 1.0, 0.96),
    183: (1.0, 0.83, 1.0, 0.98),
    184: (0.98, 0.95, 1.0, 0.96),
    185: (1.0, 0.96, 1.0, 0.95),
    186: (1.0, 0.91, 1.0, 0.91),
    187: (1.0, 0.91, 1.0, 0.99),
    188: (0.98, 1.0, 0.98, 0.95),
    189: (1.0, 0.95, 1.0, 1.0),
    190: (1.0, 0.86, 1.0, 0.96),
    191: (1.0, 0.96, 1.0, 0.97),
    192: (1.0, 0.96, 1.0, 0.95),
    193: (1.0, 0.93, 1.0, 0.96),
    194: (0.98, 0.98, 0.98, 0.93),
    195: (1.0, 0.81, 1.0, 0.91),
    196: (0.96, 0.96, 0.98, 0.97),
    197: (1.0, 0.86, 1.0, 0.98),
    198: (1.0, 0.95, 1.0, 1.0),
    199: (1.0, 0.91, 1.0, 0.98),
    200: (1.0, 0.96, 1.0, 0.94),
    201: (1.0, 0.96, 1.0, 0.98),
    202: (0.98, 0.95, 1.0, 0.96),
    203: (1.0, 0.98, 1.0, 0.98),
    204: (1.0, 0.98, 0.98, 0.93),
    205: (1.0, 0.93, 1.0, 0.96),
    206: (1.0, 1.0, 1.0, 1.0),
    207: (1.0, 0.96, 1.0, 0.96),
    208: (1.0, 0.96, 1.0, 0.98),
    209: (1.0, 0.8, 1.0, 0.96),
    210: (0.98, 0.98, 0.98, 0.95),
    211: (1.0, 0.98, 1.0, 0.97),
    212: (1.0, 0.96, 1.0, 0.95),
    213: (1.0, 0.93, 1.0, 0.96),
    214: (1.0, 0.91, 1.0, 0.93),
    215: (1.0, 0.98, 1.0, 1.0),
    216: (1.0, 0.95, 0.98, 1.0),
    217: (1.0, 0.86, 1.0, 0.97),
    218: (1.0, 0.96, 1.0, 0.98),
    219: (1.0, 0.95, 1.0, 0.96),
    220: (1.0, 0.98, 1.0, 0.98),
    221: (1.0, 0.96, 0.98, 0.95),
    222: (1.0, 0.95, 1.0, 0.97),
    223: (1.0, 0.96, 1.0, 0.97),
    224: (0.98, 0.96, 1.0, 0.95),
    225: (1.0, 0.96, 1.0, 0.98),
    226: (1.0, 0.95, 1.0, 0.98),
    227: (1.0, 0.95, 1.0, 0.96),
    228: (1.0, 0.93, 1.0, 0.97),
    229: (1.0, 0.93, 1.0, 1.0),
    230: (0.98, 0.93, 1.0, 0.97),
    231: (0.98, 1.0, 1.0, 0.98),
    232: (1.0, 0.95, 1.0, 0.98),
    233: (1.0, 0.96, 1.0, 1.0),
    234: (0.98, 0.88, 1.0, 0.97),
    235: (1.0, 0.95, 1.0, 1.0),
    236: (1.0, 0.93, 0.98, 0.95),
    237: (1.0, 1.0, 1.0, 0.97),
    238: (1.0, 0.95, 1.0, 1.0),
    239: (1.0, 0.96, 1.0, 0.9),
    240: (1.0, 0.95, 0.98, 0.96),
    241: (0.96, 0.98, 1.0, 0.96),
    242: (0.98, 0.95, 1.0, 0.98),
    243: (1.0, 0.98, 1.0, 0.95),
    244: (0.98, 0.81, 1.0, 0.92),
    245: (1.0, 0.96, 1.0, 0.96),
    250: (1.0, 0.95, 1.0, 1.0),
    251: (1.0, 0.9, 1.0, 0.97),
    254: (1.0, 0.95, 1.0, 0.96),
    255: (1.0, 0.93, 1.0, 0.97),
    256: (1.0, 0.96, 1.0, 0.96),
    259: (1.0, 0.95, 1.0, 0.92),
    260: (0.93, 0.91, 0.98, 0.91),
    264: (1.0, 0.86, 1.0, 0.92),
    265: (0.98, 0.86, 1.0, 0.95),
    269: (0.98, 0.75, 1.0, 0.95),
    270: (1.0, 0.95, 1.0, 0.96),
    273: (1.0, 1.0, 1.0, 0.97),
    275: (1.0, 0.98, 1.0, 0.91),
    277: (1.0, 0.85, 1.0, 0.98),
    279: (1.0, 1.0, 1.0, 0.98),
    281: (1.0, 1.0, 1.0, 0.94),
    283: (0.98, 0.96, 1.0, 0.98),
    285: (1.0, 1.0, 1.0, 0.91),
    287: (0.98, 0.78, 1.0, 0.94),
    288: (0.93, 0.4, 1.0, 0.86),
    289: (0.98, 0.98, 0.98, 0.95),
    291: (1.0, 1.0, 1.0, 0.94),
    293: (1.0, 1.0, 1.0, 0.95),
    295: (1.0, 0.98, 1.0, 0.94),
    297: (1.0, 0.95, 0.98, 0.96),
    299: (1.0, 0.98, 0.98, 1.0),
    301: (0.98, 0.96, 1.0, 0.98),
    303: (0.98, 0.96, 1.0, 0.98),
    305: (0.98, 0.98, 1.0, 0.98),
}
OTHER_FLOORS |= {
    f"ask_holdout{n}": dict(zip(METRICS, v, strict=True)) for n, v in READ_HELD_FLOORS.items()
}


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return read_eval(EVAL)


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> AnswerKB:
    """One knowledge base for the module's tests (a load is 0.6 s, and each of over a hundred
    sets was loading its own; answering keeps no state that changes a later answer)."""
    return AnswerKB.from_path(kb_path)


@pytest.fixture(scope="module")
def figures(kb: AnswerKB, rows: list[dict]) -> dict:
    return evaluate(rows, kb)[0]


def test_eval_lines_are_well_formed(rows: list[dict]) -> None:
    assert len(rows) >= 110
    assert len({r["q"] for r in rows}) == len(rows), "a question is repeated"
    kinds = {str(k) for k in Kind}
    vocabulary = {str(c) for c in Condition}
    for row in rows:
        assert set(row) == {"q", "characters", "conditions", "kind", "must_cite"}, row["q"]
        assert row["kind"] in kinds, row["q"]
        assert 1 <= len(row["must_cite"]) <= 3, row["q"]
        assert set(row["conditions"]) <= set(row["characters"]), row["q"]
        for conditions in row["conditions"].values():
            assert set(conditions) <= vocabulary, row["q"]


# Every set: ask.jsonl, the blind held-out sets and the blind development sets; and the sets
# measured blind but not yet learned from (tests/eval/held, its README).
SETS = sorted((ROOT / "tests" / "eval").glob("*.jsonl"))
HELD = sorted((ROOT / "tests" / "eval" / "held").glob("*.jsonl"))


@pytest.mark.parametrize("path", SETS + HELD, ids=[p.stem for p in SETS + HELD])
def test_every_set_is_well_formed(path: Path, kb: AnswerKB) -> None:
    kinds, vocabulary = {str(k) for k in Kind}, {str(c) for c in Condition}
    for row in read_eval(path):
        assert set(row) == {"q", "characters", "conditions", "kind", "must_cite"}, row["q"]
        assert row["kind"] in kinds, row["q"]
        assert 1 <= len(row["must_cite"]) <= 3, row["q"]
        assert set(row["characters"]) <= set(kb.characters), row["q"]
        assert set(row["conditions"]) <= set(row["characters"]), row["q"]
        assert all(set(c) <= vocabulary for c in row["conditions"].values()), row["q"]


SECOND = sorted((ROOT / "tests" / "eval" / "second").glob("*.jsonl"))
HELD_SECOND = sorted((ROOT / "tests" / "eval" / "held" / "second").glob("*.jsonl"))


@pytest.mark.parametrize("path", SECOND + HELD_SECOND, ids=[p.stem for p in SECOND + HELD_SECOND])
def test_second_labellings_label_questions_of_the_sets(path: Path, kb: AnswerKB) -> None:
    """bench/label_agreement.py compares them with the writers' labels: each labels a question
    of a set, once, with the same vocabulary."""
    kinds, vocabulary = {str(k) for k in Kind}, {str(c) for c in Condition}
    asked = {row["q"] for set_path in SETS + HELD for row in read_eval(set_path)}
    rows = read_eval(path)
    assert len({r["q"] for r in rows}) == len(rows) >= 100
    for row in rows:
        assert row["q"] in asked, row["q"]
        assert set(row) == {"q", "characters", "conditions", "kind"}, row["q"]
        assert row["kind"] in kinds, row["q"]
        assert set(row["characters"]) <= set(kb.characters), row["q"]
        assert set(row["conditions"]) <= set(row["characters"]), row["q"]
        assert all(set(c) <= vocabulary for c in row["conditions"].values()), row["q"]


@pytest.mark.parametrize("path", SETS + HELD, ids=[p.stem for p in SETS + HELD])
def test_no_set_repeats_a_question_or_copies_ask_jsonl(path: Path) -> None:
    """Two blind writers may type the same thing ("poisoner picks the goon"); a set may not
    repeat itself, and no other set may copy the one we tune on."""
    questions = [" ".join(r["q"].lower().split()) for r in read_eval(path)]
    assert len(set(questions)) == len(questions), path.name
    if path != EVAL:
        tuned = {" ".join(r["q"].lower().split()) for r in read_eval(EVAL)}
        assert not set(questions) & tuned, path.name


@pytest.fixture(scope="module")
def source_texts(kb: AnswerKB) -> list[str]:
    """The vendored files as stored, and every ruling as read from them (a JSON source escapes
    its quotes, so a phrase quoted from a jinx is found in the ruling, not the raw file)."""
    files = [
        p.read_text(encoding="utf-8")
        for p in SOURCES.rglob("*")
        if p.is_file() and p.suffix in (".txt", ".json")
    ]
    return files + [r["text"] for r in kb.rulings.values()]


@pytest.mark.parametrize("path", SETS + HELD, ids=[p.stem for p in SETS + HELD])
def test_every_must_cite_phrase_is_in_a_source(path: Path, source_texts: list[str]) -> None:
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        for phrase in row["must_cite"]:
            assert any(phrase in text for text in source_texts), f"{row['q']!r}: {phrase!r}"


def test_eval_covers_what_the_issue_asks(rows: list[dict], kb: AnswerKB) -> None:
    named = {c for r in rows for c in r["characters"]}
    assert named <= set(kb.characters), named - set(kb.characters)
    teams = {kb.characters[c]["team"] for c in named}
    assert {"townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric"} <= teams
    origins = {kb.characters[c]["origin"] for c in named}
    assert any(o.startswith("homebrew:") for o in origins)
    assert {r["kind"] for r in rows} == {str(k) for k in Kind}


def test_floors(figures: dict) -> None:
    overall = figures["overall"]
    for metric, floor in FLOORS.items():
        assert overall[metric] >= floor, f"{metric}: {overall[metric]} < {floor}"


@pytest.mark.parametrize("kind", sorted(RECALL_FLOORS))
def test_citation_recall_per_kind(figures: dict, kind: str) -> None:
    recall = figures["by_kind"][kind]["citation_recall"]
    assert recall >= RECALL_FLOORS[kind], f"{kind}: {recall} < {RECALL_FLOORS[kind]}"


def test_holdout_is_well_formed_and_new(rows: list[dict]) -> None:
    holdout = read_eval(HOLDOUT)
    assert len(holdout) >= 60
    assert len({r["q"] for r in holdout}) == len(holdout), "a question is repeated"
    assert not {r["q"] for r in holdout} & {r["q"] for r in rows}, "holdout repeats ask.jsonl"
    vocabulary = {str(c) for c in Condition}
    for row in holdout:
        assert set(row) == {"q", "characters", "conditions", "kind", "must_cite"}, row["q"]
        assert row["kind"] in {str(k) for k in Kind}, row["q"]
        assert 1 <= len(row["must_cite"]) <= 3, row["q"]
        assert set(row["conditions"]) <= set(row["characters"]), row["q"]
        assert all(set(c) <= vocabulary for c in row["conditions"].values()), row["q"]


def test_holdout_floors(kb: AnswerKB) -> None:
    overall = evaluate(read_eval(HOLDOUT), kb)[0]["overall"]
    for metric, floor in HOLDOUT_FLOORS.items():
        assert overall[metric] >= floor, f"holdout {metric}: {overall[metric]} < {floor}"


@pytest.mark.parametrize("name", sorted(OTHER_FLOORS))
def test_other_blind_sets_keep_their_floors(kb: AnswerKB, name: str) -> None:
    rows = read_eval(ROOT / "tests" / "eval" / f"{name}.jsonl")
    overall = evaluate(rows, kb)[0]["overall"]
    for metric, floor in OTHER_FLOORS[name].items():
        assert overall[metric] >= floor, f"{name} {metric}: {overall[metric]} < {floor}"


# ---- answer types: the verdict's yes / no / storyteller / info against blind labels --------

ANSWERS = ROOT / "tests" / "eval" / "answers"
# what the verdicts reach on labels.jsonl today, rounded down (measured 2026-12-01, the
# twelfth session's end, on 1,800 labels: type 60.89%, yes/no questions answered yes or no
# 43.19%, right polarity 95.03%; after its retrain and before its verdict readings 60.44%,
# 42.91%, 93.91%). The 240 added that session (ask_dev_cj to cm) are harder than the
# rest (57.50%, 39.31%, 94.74%); on the 1,560 before them the same code reaches 60.90%,
# 43.47%, 93.80%, against 61.03%, 43.47%, 94.04% before the models were retrained with the
# four sets. On the first 1,200 before verdict.settled: 50.75%, 24.06%, 92.77%.
# polarity is the one not to trade away: a wrong yes or no misleads, an info verdict still
# quotes the rule. So in the twenty-fourth session a denial became a no only where it speaks
# of what is asked (verdict._speaks_of): on these labels that gave up 11 right noes for 3
# wrong ones (yes/no answered 44.22 -> 42.91%, polarity 95.36 -> 95.87%); on
# ask_holdout192-199's labels, blind until that session, 7 for 2; the branch it guards had
# given 13 right noes and 6 wrong on ask_holdout200-203's. Later readings in that session
# brought yes/no answered back to 43.19% (polarity 95.90%), so no floor fell; polarity's rose.
# The thirtieth session's readings (a premise told by either of its impairments, a doing
# asked and given, an alternative contrary to the ask): 61.50%, 44.03%, 95.97%. The
# thirty-first's (asks without an auxiliary, alternatives that undo the first half, premises
# told by a misspelt name or the storyteller's own judgement, outcomes said in other words,
# whether there is a jinx, an Undertaker after an execution no one died of): 64.06%, 48.97%,
# 96.95%; then, with readings written from ask_holdout212-215's answer labels, 64.33%,
# 49.53%, 96.80% (five more right yeses and noes, one more wrong: the Salesman's Poisoner).
# The thirty-second's (whom "he's the drunk one" and a bare "dies?" mean, the same denial
# asked and said, a tag after a comma, a protection said not to work, "once only", "even if
# dead", the ask's own verb, the night sheet for "act" and for one told dead): 64.83%,
# 50.09%, 97.02%. The thirty-third's (a denial by the sober rule of one told impaired, a
# premise that is the ask itself, the sober case of one sober again, a replay where nothing
# went for the one asked, a sheet's order a jinx changes, one character against every
# Demon but the sheet's stragglers): 65.00%, 50.19%, 97.40%. The thirty-fifth's (a failed
# protection answering a death or a safety only, an instruction done to another, a ", but"
# clause, leave asked among alternatives and by "am i allowed", the Monk's protection no
# protection from death, a relative clause read through): 65.74%, 51.44%, 97.46%. The
# thirty-sixth's (a tag question's statement, "still drunk?" against a rule that sobers, the
# storyteller's "declare that", an ask after a dash and the order it asks, a denial's own
# subject, "do i allow it", "stops being drunk"): 66.28%, 52.33%, 97.50%; then (a lost
# "cannot die", abilities regained, a colon before the ask, a jinx leaving the choice to the
# storyteller, leave the rule gives beside the replay's choice, a replay's drunkenness choice
# no answer to another leave, an ask of "anyone" run on, a premise the question denies):
# 66.89%, 53.45%, 97.56%. The thirty-seventh's (an ask run on without an article, a reason
# told after the ask, a state asked against "may be", which one of a kind the rule leaves
# unchosen, steps offered "or do neither"): 67.11%, 53.45%, 97.56%.
ANSWER_FLOORS = {"type_accuracy": 0.67, "yes_no_answered": 0.53, "polarity": 0.974}


@pytest.mark.parametrize("name", ["labels", "second"])
def test_answer_labels_are_well_formed(name: str) -> None:
    """Each labels a question of an evaluation set (tests/eval/answers/README.md); the second
    labellings label questions the first ones do."""
    asked = {(path.stem, row["q"]) for path in SETS for row in read_eval(path)}
    rows = read_eval(ANSWERS / f"{name}.jsonl")
    assert len({r["q"] for r in rows}) == len(rows) >= 100
    first = {r["q"] for r in read_eval(ANSWERS / "labels.jsonl")}
    for row in rows:
        assert (row["set"], row["q"]) in asked, row["q"]
        assert row["q"] in first, row["q"]
        assert row["asks"] in ("yes-no", "open"), row["q"]
        assert row["answer"] in ("yes", "no", "storyteller", "info"), row["q"]
        assert row["asks"] == "yes-no" or row["answer"] not in ("yes", "no"), row["q"]
        assert {"because", "source", "disputed", "sure"} <= set(row), row["q"]


def test_two_labellers_agree_on_the_answer_type() -> None:
    """The labels are worth measuring against: two people labelling the same questions blind
    agree on nearly all (on 117 of 120, and on every yes or no both gave, 2026-12-01)."""
    first = {r["q"]: r["answer"] for r in read_eval(ANSWERS / "labels.jsonl")}
    second = read_eval(ANSWERS / "second.jsonl")
    agree = sum(first[r["q"]] == r["answer"] for r in second)
    assert agree / len(second) >= 0.95
    both = [r for r in second if {r["answer"], first[r["q"]]} <= {"yes", "no"}]
    assert all(first[r["q"]] == r["answer"] for r in both)


def test_answer_type_floors(kb: AnswerKB) -> None:
    figures = answer_types(read_eval(ANSWERS / "labels.jsonl"), kb)
    for metric, floor in ANSWER_FLOORS.items():
        assert figures[metric] >= floor, f"answers {metric}: {figures[metric]} < {floor}"


# answer-type labels for held sets, written blind by the same brief (held/README.md): the
# verdict measured on questions no one had read; no floor, as for the held sets
HELD_ANSWERS = sorted((ROOT / "tests" / "eval" / "held" / "answers").glob("*.jsonl"))


@pytest.mark.parametrize("path", HELD_ANSWERS, ids=[p.stem for p in HELD_ANSWERS])
def test_held_answer_labels_label_questions_of_the_held_sets(path: Path) -> None:
    questions = {p.stem: [row["q"] for row in read_eval(p)] for p in SETS + HELD}
    for row in read_eval(path):
        assert questions[row["set"]][row["i"]] == row["q"], row["q"]
        assert row["asks"] in ("yes-no", "open"), row["q"]
        assert row["answer"] in ("yes", "no", "storyteller", "info"), row["q"]
        assert {"because", "source", "disputed", "sure"} <= set(row), row["q"]
