import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A button that posts one `intent` and nothing else (dismiss a dialog, resend a code, start
 * again): a form of its own, so that it works without JavaScript. `action` is the route that
 * answers, by default the page's own.
 */
export function IntentButton({
  intent,
  action,
  className,
  children,
}: {
  intent: string;
  action?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
