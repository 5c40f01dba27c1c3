// The console's toasts: failures titled "Error" (destructive) unless stated, showing
// the server's message or the situation's fallback; successes with the product's exact words.
import { responseMessage } from '../api/client';
import { toast } from '../hooks/useToast';

export function notifyFailure(error: unknown, fallback: string, title = 'Error'): void {
  toast({ title, description: responseMessage(error) ?? fallback, variant: 'destructive' });
}

export function notifySuccess(title: string, description?: string): void {
  toast({ title, description });
}

/** A check that failed before any call was made ("Please enter a domain"). */
export function notifyInvalid(description: string, title = 'Error'): void {
  toast({ title, description, variant: 'destructive' });
}
