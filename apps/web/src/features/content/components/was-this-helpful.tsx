import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Answers are kept in this browser only: Lodestar has no feedback endpoint and sends nothing anywhere. */
export const HELP_FEEDBACK_KEY = 'help-feedback';

type Answer = 'yes' | 'no';

function readAnswers(): Record<string, Answer> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(HELP_FEEDBACK_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Answer>) : {};
  } catch {
    return {};
  }
}

function saveAnswer(slug: string, answer: Answer) {
  try {
    localStorage.setItem(HELP_FEEDBACK_KEY, JSON.stringify({ ...readAnswers(), [slug]: answer }));
  } catch {
    // Storage full or blocked: the answer still shows for this visit.
  }
}

export function WasThisHelpful({ slug }: { slug: string }) {
  const [answer, setAnswer] = useState<Answer | undefined>(() => readAnswers()[slug]);
  const choose = (value: Answer) => {
    setAnswer(value);
    saveAnswer(slug, value);
  };
  return (
    <section aria-labelledby="helpful-title" className="mt-10 rounded-lg border bg-card p-5">
      <h2 id="helpful-title" className="font-semibold">
        Was this helpful?
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant={answer === 'yes' ? 'primary' : 'outline'}
          aria-pressed={answer === 'yes'}
          onClick={() => choose('yes')}
        >
          <ThumbsUp aria-hidden="true" />
          Yes
        </Button>
        <Button
          variant={answer === 'no' ? 'primary' : 'outline'}
          aria-pressed={answer === 'no'}
          onClick={() => choose('no')}
        >
          <ThumbsDown aria-hidden="true" />
          No
        </Button>
      </div>
      <p role="status" className="mt-3 text-sm text-muted-foreground">
        {answer === 'yes'
          ? 'Thank you. Your answer is kept in this browser only.'
          : answer === 'no'
            ? 'Thank you. Your answer is kept in this browser only; the FAQ and the other articles of this topic may help.'
            : null}
      </p>
    </section>
  );
}
