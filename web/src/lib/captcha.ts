// The login page's math question. It is checked in the browser only; the server's
// defence is its failure throttle.

export type MathOperator = '+' | '-' | '×';

export interface MathQuestion {
  a: number;
  b: number;
  operator: MathOperator;
  answer: number;
}

const OPERATORS: readonly MathOperator[] = ['+', '-', '×'];

export function makeMathQuestion(random: () => number = Math.random): MathQuestion {
  const pick = (max: number): number => Math.floor(random() * max);
  const first = pick(20) + 1;
  const second = pick(20) + 1;
  const operator = OPERATORS[pick(OPERATORS.length)] ?? '+';
  // The larger number first in a subtraction: phone keypads for numbers (inputMode="numeric",
  // iOS's above all) have no minus sign, so a negative answer could not be typed there.
  const [a, b] = operator === '-' && first < second ? [second, first] : [first, second];
  const answer = operator === '+' ? a + b : operator === '-' ? a - b : a * b;
  return { a, b, operator, answer };
}

/** True when the typed answer is exactly the question's integer result. */
export function isCorrectAnswer(question: MathQuestion, typed: string): boolean {
  const text = typed.trim().replace(/^−/, '-');
  return /^-?\d+$/.test(text) && Number(text) === question.answer;
}
