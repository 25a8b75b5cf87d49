// The dashboard's writing habits (issue 20, section 4): today's words against the daily goal and the streak, counted
// from the words the writer saved (Marin's not counted) in their own time zone. The goal is set here.
import { Flame, Target } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  DAILY_GOAL_MAX,
  DAILY_GOAL_MESSAGE,
  DAILY_GOAL_MIN,
  DEFAULT_DAILY_GOAL,
  type HabitsView,
} from "../../../shared/schemas/habits";
import { Button } from "../../components/ui/button";
import { FieldError, Input, Label } from "../../components/ui/input";
import { Progress } from "../../components/ui/progress";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api";
import { useHabits, useUpdateHabits } from "./queries";

const count = (n: number) => n.toLocaleString("en-US");

export function streakText({ streak, metToday, dailyGoal }: HabitsView): string {
  if (dailyGoal === null) return "Set a daily goal to keep a streak.";
  if (streak === 0) return "Reach today's goal to start a streak.";
  const days = `${streak}-day streak`;
  return metToday ? `${days}. Goal met today!` : `${days}. Keep it going today.`;
}

export function WritingGoalCard() {
  const habits = useHabits();
  const [editing, setEditing] = useState(false);
  if (habits.isPending) return <Skeleton className="h-32 w-full rounded-2xl" />;
  // The dashboard stands without it: the card simply does not show.
  if (!habits.data) return null;
  const data = habits.data;
  const goal = data.dailyGoal;
  return (
    <section
      aria-labelledby="writing-goal-title"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
      data-testid="writing-goal"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="writing-goal-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
            <Target className="h-5 w-5 text-brand-600" aria-hidden />
            Today's writing
          </h2>
          <p className="mt-1 text-2xl font-bold text-ink" data-testid="writing-goal-words">
            {goal === null ? `${count(data.todayWords)} words` : `${count(data.todayWords)} / ${count(goal)} words`}
          </p>
        </div>
        {editing ? null : (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {goal === null ? "Set a goal" : "Change goal"}
          </Button>
        )}
      </div>
      {goal === null ? null : (
        <Progress
          className="mt-3"
          value={Math.min(100, Math.round((data.todayWords / goal) * 100))}
          label="Today's words towards the goal"
        />
      )}
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-700" data-testid="writing-goal-streak">
        <Flame className={data.streak > 0 ? "h-4 w-4 text-orange-500" : "h-4 w-4 text-slate-400"} aria-hidden />
        {streakText(data)}
      </p>
      <p className="mt-1 text-xs text-slate-500">Counts the words you save yourself; Marin's words are not counted.</p>
      {editing ? <GoalForm current={goal} onDone={() => setEditing(false)} /> : null}
    </section>
  );
}

function GoalForm({ current, onDone }: { current: number | null; onDone: () => void }) {
  const update = useUpdateHabits();
  const [value, setValue] = useState(String(current ?? DEFAULT_DAILY_GOAL));
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const errorId = useId();

  async function save(dailyGoal: number | null) {
    setError(undefined);
    try {
      await update.mutateAsync({ dailyGoal });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const goal = Number(value);
    if (!Number.isInteger(goal) || goal < DAILY_GOAL_MIN || goal > DAILY_GOAL_MAX) setError(DAILY_GOAL_MESSAGE);
    else void save(goal);
  }

  return (
    <form onSubmit={submit} className="mt-4 space-y-2 border-t border-brand-100 pt-4" noValidate>
      <Label htmlFor={inputId}>Daily goal (words)</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={DAILY_GOAL_MIN}
          max={DAILY_GOAL_MAX}
          step={50}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="w-32"
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save goal"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        {current === null ? null : (
          <Button type="button" size="sm" variant="link" onClick={() => void save(null)} disabled={update.isPending}>
            Turn off goal
          </Button>
        )}
      </div>
      <FieldError id={errorId} message={error} />
    </form>
  );
}
