#!/usr/bin/env python3
"""Generate the oracle fixture for the Cron tests from croniter.

    pip install croniter==7.0.0
    python3 Scripts/generate-cron-fixtures.py

writes Tests/CronTests/Fixtures/croniter-fire-times.json. The fixture is committed, so the
tests never need croniter or the network; rerun this only to change the cases.

croniter agrees with cronie (our reference) except in a few places, which are either left
out of the fixture or post-processed here; the Swift tests cover them with hand-checked
values instead:

1. croniter applies the day-of-month / day-of-week OR rule even when a day field starts with
   `*` (cronie then requires both). Expressions where both day fields are restricted and one
   starts with `*` (such as `0 0 */2 * MON`) are left out.
2. croniter runs a fixed-time job (neither minute nor hour starts with `*`) in both passes of
   a repeated (fall-back) hour; cronie runs it once. For fixed-time jobs, a fire whose
   wall-clock time is not later than one already seen (or than the start) is dropped, and
   start instants inside the second pass of a repeated hour are not used.
3. croniter moves a skipped (spring-forward) wall-clock time to the end of the gap for every
   job; cronie does that only for fixed-time jobs. For other jobs, a fire whose wall-clock
   time does not match the expression is dropped.
4. croniter cannot combine `#` or `L` in the day of week with a restricted day of month;
   those expressions are left out. croniter spells "last Friday" `L5`; ours `5L` and `FRIL`
   are translated.
5. In the day of week, cronie reads `1/2` as `1-7/2` (Monday, Wednesday, Friday and Sunday,
   7 being Sunday); croniter as `1-6/2`. Expressions with such a step are left out.
6. With a seconds field, croniter moves a fixed-time job's skipped time to the end of the gap
   but keeps its seconds (03:00:15); we run it at the first instant after the gap (03:00:00),
   and such fires are moved there.
7. In Australia/Lord_Howe, whose clocks go back by 30 minutes, croniter misses the second pass
   of the repeated half hour when it starts in the first; starts before those changes are not
   used for jobs that are not fixed-time.
"""

import json
import random
from importlib.metadata import version
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from croniter import croniter

FIRES_PER_CASE = 5
ZONES = ["UTC", "Europe/Prague", "America/New_York", "Australia/Lord_Howe"]
OUTPUT = Path(__file__).resolve().parent.parent / "Tests/CronTests/Fixtures/croniter-fire-times.json"

SHORTCUTS = {
    "@yearly": "0 0 1 1 *",
    "@annually": "0 0 1 1 *",
    "@monthly": "0 0 1 * *",
    "@weekly": "0 0 * * 0",
    "@daily": "0 0 * * *",
    "@midnight": "0 0 * * *",
    "@hourly": "0 * * * *",
}

WEEKDAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]

HAND_WRITTEN = [
    # Every so often.
    "* * * * *", "*/5 * * * *", "*/15 * * * *", "*/7 * * * *", "0 * * * *", "30 * * * *",
    "0,30 * * * *", "15,45 * * * *", "5/15 * * * *", "10-40/10 * * * *", "0-10 * * * *",
    "0 */2 * * *", "0 */3 * * *", "0 1/5 * * *", "*/30 1-3 * * *", "* 2 * * *",
    "*/20 2 * * *", "*/10 1 * * *", "0 */6 * * *",
    # Fixed times, including ones inside the daylight-saving hours of the four zones.
    "0 0 * * *", "30 2 * * *", "0 2 * * *", "15 2 * * *", "45 2 * * *", "59 1 * * *",
    "30 1 * * *", "45 1 * * *", "0 1 * * *", "0 3 * * *", "0,30 2 * * *", "0 2,3 * * *",
    "0 1-3 * * *", "5 4 * * *", "59 23 * * *", "0 12 * * *", "30 8 * * *", "0 7 * * MON-FRI",
    "0 9-17 * * 1-5", "*/5 9-17 * * 1-5", "0 8 * * SAT,SUN", "0 22 * * 1-5", "30 6 * * 0",
    "30 6 * * 7", "30 6 * * SUN", "0 12 * * mon", "0 12 * * Fri", "0 12 * * 5-7",
    "0 12 * * */2", "0 12 * * 1/2", "0 0 * * 0-6/3",
    # Days of the month and months.
    "0 0 1 * *", "0 0 15 * *", "0 0 31 * *", "0 0 30 * *", "0 0 29 * *", "0 0 28-31 * *",
    "0 0 1,15 * *", "0 0 */10 * *", "0 0 5/7 * *", "0 0 L * *", "0 12 1,L * *",
    "0 0 29 2 *", "0 12 29 FEB *", "0 0 28 2 *", "0 0 1 1 *", "59 23 31 12 *",
    "0 0 1 */3 *", "0 0 1 JAN,JUL *", "0 6 * JUN-AUG *", "0 6 1 mar-may/2 *", "0 0 31 1-12/2 *",
    "0 0 1 2 *", "30 2 29 3 *", "0 2 8 3 *", "30 1 1 11 *", "0 2 * 3 0", "0 2 * 10 SUN",
    # Both day fields restricted: either may match.
    "0 0 13 * 5", "0 0 1,15 * MON", "0 12 L * FRI", "0 9 1-7 * 1", "0 0 29 2 MON",
    "30 2 1 * 0", "0 0 31 * 6", "0 0 1-5 * 1-5",
    # Extensions: last weekday, nth weekday.
    "0 0 * * 5L", "0 0 * * FRIL", "0 12 * * 0L", "0 12 * * 7L", "0 0 * * FRI#2", "0 0 * * 5#2",
    "0 0 * * 1#1", "0 0 * * 5#5", "0 0 * * SUN#5", "30 2 * * 0#5", "30 2 * * SUN#2",
    "0 0 * 2 5#5", "0 0 * 2 1#4", "0 0 L 2 *",
    # Shortcuts.
    "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly",
    # With seconds.
    "* * * * * *", "*/10 * * * * *", "0 * * * * *", "30 */5 * * * *", "0 30 2 * * *",
    "15 0 2 * * *", "* 30 2 * * *", "*/20 30 1 * * *", "0 0 0 * * *", "59 59 23 * * *",
    "0 0 0 L * *", "0 0 0 * * 5L", "0 0 0 29 2 *", "5-10 0 12 * * MON-FRI", "0 */15 1-2 * * *",
    "1,2,3 0 0 1 1 *",
]


def is_star(field):
    return field.startswith("*")


def fields_of(expression):
    text = SHORTCUTS.get(expression.lower(), expression)
    fields = text.split()
    return fields if len(fields) == 6 else ["0"] + fields


def croniter_form(expression):
    """The expression in croniter's syntax, and whether it has a leading seconds field."""
    text = SHORTCUTS.get(expression.lower(), expression)
    fields = text.split()
    dow = fields[-1]
    if dow.upper().endswith("L") and "#" not in dow and len(dow) > 1:
        day = dow[:-1]
        number = WEEKDAYS.index(day.upper()) if day.upper() in WEEKDAYS else int(day)
        fields[-1] = "L%d" % (number % 7)
    return " ".join(fields), len(fields) == 6


def usable(expression):
    """Whether croniter's answer can stand for cronie's."""
    _, _, _, dom, _, dow = fields_of(expression)
    dom_restricted, dow_restricted = dom != "*", dow != "*"
    if dom_restricted and dow_restricted and (is_star(dom) or is_star(dow)):
        return False  # difference 1
    if dom_restricted and dow_restricted and ("#" in dow or "L" in dow.upper()):
        return False  # difference 4
    if any("/" in item and not item.startswith("*") and "-" not in item
           for item in dow.split(",")):
        return False  # difference 5
    return True


def is_fixed_time(expression):
    _, minute, hour, _, _, _ = fields_of(expression)
    return not is_star(minute) and not is_star(hour)


def random_field(rng, low, high, names=None, star_weight=3):
    def value():
        number = rng.randint(low, high)
        if names and rng.random() < 0.3:
            return names[number - low] if number - low < len(names) else str(number)
        return str(number)

    def item():
        kind = rng.choice(["value", "value", "range", "range_step", "value_step", "star_step"])
        if kind == "value":
            return value()
        if kind == "star_step":
            return "*/%d" % rng.randint(2, max(2, (high - low) // 2))
        a, b = sorted(rng.sample(range(low, high + 1), 2))
        if kind == "range":
            return "%d-%d" % (a, b)
        if kind == "range_step":
            return "%d-%d/%d" % (a, b, rng.randint(2, max(2, b - a)))
        return "%d/%d" % (a, rng.randint(2, max(2, (high - a) or 2)))

    if rng.random() < star_weight / 10:
        return "*"
    return ",".join(item() for _ in range(rng.choice([1, 1, 1, 2, 3])))


def random_expressions(count, seed=20260329):
    rng = random.Random(seed)
    result = []
    while len(result) < count:
        fields = [
            random_field(rng, 0, 59, star_weight=2),
            random_field(rng, 0, 23, star_weight=2),
            random_field(rng, 1, 31, star_weight=7),
            random_field(rng, 1, 12, MONTHS, star_weight=7),
            random_field(rng, 0, 6, WEEKDAYS, star_weight=7),
        ]
        if rng.random() < 0.15:
            fields.insert(0, random_field(rng, 0, 59, star_weight=2))
        expression = " ".join(fields)
        if usable(expression) and expression not in result:
            result.append(expression)
    return result


def transitions(zone, start_year, end_year):
    """The instants in [start_year, end_year] at which the zone's offset changes."""
    result = []
    moment = datetime(start_year, 1, 1, tzinfo=timezone.utc)
    end = datetime(end_year + 1, 1, 1, tzinfo=timezone.utc)
    step = timedelta(hours=1)
    previous = moment.astimezone(zone).utcoffset()
    while moment < end:
        following = moment + step
        offset = following.astimezone(zone).utcoffset()
        if offset != previous:
            low, high = moment, following
            while high - low > timedelta(seconds=1):
                middle = low + (high - low) / 2
                middle = middle.replace(microsecond=0)
                if middle.astimezone(zone).utcoffset() == previous:
                    low = middle
                else:
                    high = middle
            result.append((high, previous, offset))
            previous = offset
        moment = following
    return result


def start_instants(zone):
    """Start instants: ordinary days, month and year ends, a leap day, and around each
    daylight-saving change in 2025-2027. Each comes with whether it lies in the second pass
    of a repeated hour."""
    local = [
        datetime(2026, 1, 15, 10, 17, 23), datetime(2026, 6, 30, 23, 59, 30),
        datetime(2026, 12, 31, 23, 59, 59), datetime(2028, 2, 28, 23, 0, 0),
        datetime(2027, 7, 4, 12, 0, 0),
    ]
    result = [(moment.replace(tzinfo=zone), "ordinary") for moment in local]
    for instant, before, after in transitions(zone, 2025, 2027):
        first_pass = "before fall-back" if after < before else "ordinary"
        result.append((instant - timedelta(minutes=150), first_pass))
        result.append((instant - timedelta(seconds=90), first_pass))
        if after < before:
            result.append((instant + (before - after) / 2, "second pass"))
    return [(moment.astimezone(zone), kind) for moment, kind in result]


def fires(expression, zone, start, kind, forward_changes):
    """The first FIRES_PER_CASE fire times after start, cronie's way, or None to skip."""
    fixed = is_fixed_time(expression)
    if fixed and kind == "second pass":
        return None  # difference 2: the first pass is not visible from here
    if not fixed and kind == "before fall-back" and zone.key == "Australia/Lord_Howe":
        return None  # difference 7
    text, seconds = croniter_form(expression)
    iterator = croniter(text, start, second_at_beginning=seconds)
    latest_wall_clock = start.replace(tzinfo=None)
    result = []
    for _ in range(200):
        moment = iterator.get_next(datetime).astimezone(zone)
        wall_clock = moment.replace(tzinfo=None)
        matches = croniter.match(text, wall_clock, second_at_beginning=seconds)
        if fixed and not matches:
            # Moved out of a gap: run at the first instant after the gap (difference 6).
            change = max(c for c in forward_changes if c <= moment)
            if moment - change >= timedelta(minutes=1):
                raise RuntimeError("unexpected fire %s for %r" % (moment, expression))
            moment = change.astimezone(zone)
        # Same-zone datetimes compare by wall clock, ignoring the fold; compare instants.
        if result and moment.timestamp() <= result[-1].timestamp():
            continue
        if fixed and matches and wall_clock <= latest_wall_clock:
            continue  # difference 2
        if not fixed and not matches:
            continue  # difference 3
        latest_wall_clock = max(latest_wall_clock, wall_clock)
        result.append(moment)
        if len(result) == FIRES_PER_CASE:
            return result
    raise RuntimeError("too many dropped fires for %r in %s after %s" % (expression, zone, start))


def main():
    expressions = [e for e in HAND_WRITTEN if usable(e)] + random_expressions(120)
    groups = []
    forward_changes = {
        name: [instant for instant, before, after in transitions(ZoneInfo(name), 2024, 2040)
               if after > before]
        for name in ZONES
    }
    for expression in list(expressions):
        try:
            text, seconds = croniter_form(expression)
            croniter(text, datetime(2026, 1, 1), second_at_beginning=seconds).get_next(datetime)
        except Exception as error:  # a random expression that never fires, for example
            print("skipped %r: %s" % (expression, error))
            expressions.remove(expression)
            continue
        for zone_name in ZONES:
            zone = ZoneInfo(zone_name)
            cases = []
            for start, kind in start_instants(zone):
                found = fires(expression, zone, start, kind, forward_changes[zone_name])
                if found is None:
                    continue
                instants = [int(start.timestamp())] + [int(m.timestamp()) for m in found]
                cases.append({
                    "after": start.isoformat(),
                    # Seconds from `after` to the first fire, then from each fire to the next:
                    # small numbers keep the fixture small.
                    "gaps": [b - a for a, b in zip(instants, instants[1:])],
                    "first": found[0].isoformat(),
                })
            groups.append({"expression": expression, "timeZone": zone_name, "cases": cases})
    # One group a line, so that a regenerated fixture diffs readably.
    header = {
        "generator": "Scripts/generate-cron-fixtures.py",
        "croniter": version("croniter"),
        "firesPerCase": FIRES_PER_CASE,
    }
    lines = [json.dumps(group, separators=(",", ":")) for group in groups]
    OUTPUT.write_text(
        json.dumps(header, separators=(",", ":"))[:-1]
        + ',"groups":[\n' + ",\n".join(lines) + "\n]}\n")
    count = sum(len(group["cases"]) for group in groups)
    print("%d expressions, %d cases, %d bytes -> %s" % (
        len(expressions), count, OUTPUT.stat().st_size, OUTPUT))


if __name__ == "__main__":
    main()
