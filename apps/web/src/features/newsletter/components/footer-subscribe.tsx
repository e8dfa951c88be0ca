import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { checkEmail } from '../../../lib/check-email';
import { readErrorMessage } from '../../../lib/http/error-message';
import { prepareToasts, toast } from '../../../lib/toast';
import { subscribeNewsletter } from '../api';

type Props = {
  /** The signed-in customer's email; signed out, the visitor types one. */
  accountEmail: string | null;
};

const emailMessages = { missing: 'Enter your email.', invalid: 'Enter a valid email.' };

/** In the footer of every page, so plain markup: it must not pull Ant Design into pages that don't use it. */
export function FooterSubscribe({ accountEmail }: Props) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const subscribe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = accountEmail ? null : checkEmail(email, emailMessages);
    setFieldError(problem);
    if (problem) return;
    setIsSaving(true);
    try {
      await subscribeNewsletter(accountEmail ? undefined : email.trim());
      void navigate('/newsletter/subscribed');
    } catch (err) {
      toast.error(readErrorMessage(err));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <div className="footer-subscribe" data-testid="footer-subscribe">
      <strong className="footer-subscribe__title">Fresh deals, weekly</strong>
      <p className="footer-subscribe__lead">Specials, seasonal produce and recipes every Thursday.</p>
      <form onSubmit={(event) => void subscribe(event)} onFocus={prepareToasts} noValidate>
        <div className="footer-subscribe__row">
          {accountEmail ? (
            <input className="form-input" value={accountEmail} disabled aria-label="Your email" />
          ) : (
            <input
              className="form-input"
              type="email"
              placeholder="you@example.com"
              aria-label="Email for the newsletter"
              autoComplete="email"
              value={email}
              disabled={isSaving}
              onChange={(e) => {
                setEmail(e.target.value);
                if (fieldError) setFieldError(checkEmail(e.target.value, emailMessages));
              }}
              aria-invalid={Boolean(fieldError)}
              aria-describedby={fieldError ? 'footer-subscribe-error' : undefined}
              data-testid="footer-subscribe-email"
            />
          )}
          <button
            type="submit"
            className="shell-button shell-button--primary"
            disabled={isSaving}
            aria-busy={isSaving}
            data-testid="footer-subscribe-submit"
          >
            {isSaving && <span className="shell-spinner" aria-hidden="true" />}
            Subscribe
          </button>
        </div>
        {fieldError && (
          <div id="footer-subscribe-error" className="form-field__error">
            {fieldError}
          </div>
        )}
      </form>
    </div>
  );
}
