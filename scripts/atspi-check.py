#!/usr/bin/python3
"""Reads the game's accessibility tree as a Linux screen reader reads it: over AT-SPI.

Usage: scripts/atspi-check.py SECONDS NAME [NAME ...] [--press BUTTON --then NAME]

Waits up to SECONDS for an application on the AT-SPI bus whose tree holds a node named each
NAME (buttons, headings, labels: what a screen reader such as Orca says), then prints the
application, how many nodes it has and their roles. With `--press BUTTON --then NAME` it then
presses the button named BUTTON through AT-SPI's action interface, as a screen reader's user
does, and waits (SECONDS again) for a node named NAME: what the press should make the game say.
Exits 0 when all was found; otherwise prints what the tree had and exits 1. Run it on the session bus the game runs on, with
the accessibility bus up (`scripts/atspi-check.sh` starts both). Needs Debian's python3-pyatspi.
"""

import sys
import time

import pyatspi


def nodes(node, depth=0, out=None, limit=5000):
    """Every node under `node` as (role, name), depth first, at most `limit`."""
    if out is None:
        out = []
    if len(out) >= limit:
        return out
    try:
        out.append((node.getRoleName(), node.name or ""))
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None:
                nodes(child, depth + 1, out, limit)
    except Exception as e:  # a node that went away while being read
        out.append(("gone", str(e)))
    return out


def find(node, role, name):
    """The first node under `node` of `role` named `name`, or None."""
    try:
        if node.getRoleName() == role and node.name == name:
            return node
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None:
                hit = find(child, role, name)
                if hit is not None:
                    return hit
    except Exception:
        pass
    return None


def wait_for(seconds, wanted):
    """Waits for an application whose tree names everything `wanted`: (app, tree), or None
    after printing what the last tree had."""
    until = time.monotonic() + seconds
    seen = None
    while True:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is None:
                continue
            tree = nodes(app)
            names = {name for _, name in tree}
            missing = [w for w in wanted if w not in names]
            seen = (app.name, tree, missing)
            if not missing:
                return app, tree
        if time.monotonic() > until:
            break
        time.sleep(1.0)
    if seen is None:
        print("atspi: no application on the accessibility bus")
        return None
    name, tree, missing = seen
    print(f"atspi: {name!r}: missing {missing}; its {len(tree)} nodes:")
    for role, n in tree[:200]:
        print(f"  {role}: {n!r}")
    return None


def main():
    args = sys.argv[1:]
    press = then = None
    if "--press" in args:
        i = args.index("--press")
        try:
            press, flag, then = args[i + 1], args[i + 2], args[i + 3]
        except IndexError:
            flag = None
        if flag != "--then":
            print(__doc__.strip(), file=sys.stderr)
            return 2
        del args[i : i + 4]
    if len(args) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    seconds = float(args[0])
    wanted = args[1:]
    found = wait_for(seconds, wanted)
    if found is None:
        return 1
    app, tree = found
    roles = {}
    for role, _ in tree:
        roles[role] = roles.get(role, 0) + 1
    summary = ", ".join(f"{n} {r}" for r, n in sorted(roles.items()))
    print(f"atspi: {app.name!r}: {len(tree)} nodes ({summary}); found {wanted}")
    if press is None:
        return 0
    button = find(app, "push button", press)
    if button is None:
        print(f"atspi: no button named {press!r}")
        return 1
    action = button.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    if not names:
        print(f"atspi: the button {press!r} offers no action")
        return 1
    action.doAction(0)
    print(f"atspi: pressed {press!r} ({names[0]})")
    if wait_for(seconds, [then]) is None:
        return 1
    print(f"atspi: then found {then!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
