import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError, serverMessage } from '../api/client';
import { Field } from '../components/Field';
import { Tip } from '../components/Tip';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useLoginMutation } from '../hooks/useLoginMutation';
import { toast } from '../hooks/useToast';
import { isCorrectAnswer, makeMathQuestion } from '../lib/captcha';
import { PAGES } from '../../../src/shared/pages.js';

/** Long enough to read the confirmation, short enough not to feel like waiting. */
const LOGIN_REDIRECT_DELAY_MS = 600;

export function LoginPage() {
  useDocumentTitle('Login');
  const [, navigate] = useLocation();
  const login = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [answer, setAnswer] = useState('');
  const [question, setQuestion] = useState(() => makeMathQuestion());
  const [problem, setProblem] = useState('');
  const [success, setSuccess] = useState(false);
  const answerRef = useRef<HTMLInputElement>(null);
  const problemId = useId();

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(PAGES.admin), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const newQuestion = () => {
    setQuestion(makeMathQuestion());
    setAnswer('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || success) return;
    setProblem('');
    if (!isCorrectAnswer(question, answer)) {
      setProblem('Incorrect answer to the math question. Please try again.');
      newQuestion();
      answerRef.current?.focus();
      return;
    }
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => setSuccess(true),
        onError: (error) => {
          newQuestion();
          const fromServer = serverMessage(error);
          if (error instanceof ApiError && error.status === 429) {
            toast({ title: 'Too Many Failed Attempts', description: fromServer ?? 'Please wait before trying again', variant: 'destructive' });
          } else if (error instanceof ApiError && error.status > 0) {
            toast({ title: 'Error', description: fromServer ?? 'Invalid credentials', variant: 'destructive' });
          } else {
            // No answer from the server at all.
            toast({ title: 'Error', description: 'Failed to login', variant: 'destructive' });
          }
        },
      },
    );
  };

  const questionText = `What is ${question.a} ${question.operator === '-' ? '−' : question.operator} ${question.b}?`;

  return (
    <main id="main" className="page grid min-h-[80vh] grid-cols-1 place-items-center">
      <div className="card w-full max-w-sm p-6">
        <h1 className="text-2xl font-bold">Administrator login</h1>
        <form onSubmit={submit} className="mt-5 space-y-4" aria-describedby={problem ? problemId : undefined}>
          <Field label="Username">
            <input
              name="username"
              autoComplete="username"
              required
              // The name is sent trimmed: spaces alone are no name (the server would refuse it).
              pattern=".*\S.*"
              title="Enter your username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              className="field w-full"
            />
          </Field>
          <Field label="Password">
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className="field w-full"
            />
          </Field>
          <Field
            label={
              <>
                Security question: <span data-testid="math-question">{questionText}</span>
              </>
            }
          >
            {(control) => (
              <div className="flex gap-2">
                <input
                  {...control}
                  ref={answerRef}
                  name="answer"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  value={answer}
                  onChange={(event) => setAnswer(event.target.value)}
                  className="field min-w-0 flex-1"
                />
                <Tip label="New question">
                  <button type="button" onClick={newQuestion} aria-label="New question" className="button-secondary px-3">
                    <svg
                      viewBox="0 0 24 24"
                      className="size-5"
                      aria-hidden="true"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
                    </svg>
                  </button>
                </Tip>
              </div>
            )}
          </Field>
          {problem && (
            <p id={problemId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
          {success && (
            <p role="status" className="text-sm font-medium text-green-800 dark:text-green-400">
              Login successful. Opening the console...
            </p>
          )}
          <button type="submit" className="button-primary w-full" disabled={login.isPending || success}>
            {login.isPending ? 'Logging in...' : 'Login'}
          </button>
        </form>
        <Link href="/" className="link mt-5 inline-block text-sm">
          ← Back to home
        </Link>
      </div>
    </main>
  );
}
