import { NEWSLETTER_OFFER } from '@storefront/contract/limits';
import type { FrontSubscribeState } from '@storefront/contract/newsletter';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { checkEmail } from '../../../lib/check-email';
import { afterLoadIdle } from '../../../lib/after-load';
import { readErrorMessage } from '../../../lib/http/error-message';
import { prepareToasts, toast } from '../../../lib/toast';
import { retrieveSubscribeState, subscribeNewsletter } from '../api';

export type FooterSubscribeProps = {
  /** The signed-in customer's email; signed out, the visitor types one. */
  accountEmail: string | null;
};

const emailMessages = { missing: 'Enter your email.', invalid: 'Enter a valid email.' };

/**
 * The newsletter's offer and, signed in, whether the account gets it (`GET newsletters/front-subscribe`), read again
 * when someone signs in or out. Signed in, it is read once the page has loaded and is idle; signed out, when the
 * visitor reaches for the form: a first visit's page loads no HTTP client and sends no call for it.
 */
function useSubscribeState(accountEmail: string | null) {
  const [isWanted, setIsWanted] = useState(false);
  const [state, setState] = useState<FrontSubscribeState | null>(null);
  const isSignedIn = accountEmail !== null;

  useEffect(() => {
    if (!isSignedIn) return;
    return afterLoadIdle(() => setIsWanted(true));
  }, [isSignedIn]);

  useEffect(() => {
    if (!isWanted) return;
    let isCurrent = true;
    setState(null);
    retrieveSubscribeState()
      .then((answer) => {
        if (isCurrent) setState(answer);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [isWanted, accountEmail]);

  return { state, setState, want: () => setIsWanted(true) };
}

/**
 * In the footer of every page, so plain markup: it must not pull Ant Design into pages that don't use it. Loaded after
 * the first paint (`footer-subscribe-on-demand.tsx`).
 */
export function FooterSubscribe({ accountEmail }: FooterSubscribeProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  /** Signed out: the address a confirmation link was sent to. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { state, setState, want } = useSubscribeState(accountEmail);
  const offer = state?.offer ?? NEWSLETTER_OFFER;
  const isSubscribed = accountEmail !== null && state?.subscribed === true;

  const subscribe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = accountEmail ? null : checkEmail(email, emailMessages);
    setFieldError(problem);
    if (problem) return;
    setIsSaving(true);
    try {
      const answer = await subscribeNewsletter(accountEmail ? undefined : email.trim());
      if (answer.confirmationSent) {
        setSentTo(email.trim());
        return;
      }
      if (accountEmail && state) setState({ ...state, subscribed: true });
      void navigate('/newsletter/subscribed');
    } catch (err) {
      toast.error(readErrorMessage(err));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <div className="footer-subscribe" onPointerEnter={want} onFocus={want} data-testid="footer-subscribe">
      <strong className="footer-subscribe__title">{offer.title}</strong>
      <p className="footer-subscribe__lead" data-testid="footer-subscribe-offer">
        {offer.description}
      </p>
      {sentTo && !accountEmail ? (
        <p className="footer-subscribe__done" role="status" data-testid="footer-subscribe-sent">
          <span>
            Check your inbox: we sent a link to {sentTo}. Your subscription starts when you follow it.
          </span>
        </p>
      ) : isSubscribed ? (
        <p className="footer-subscribe__done" data-testid="footer-subscribed">
          <span>
            You get it at {state?.email ?? accountEmail}. <Link to="/account/newsletter">Manage</Link>
          </span>
        </p>
      ) : (
        <form onSubmit={(event) => void subscribe(event)} onFocus={prepareToasts} noValidate>
          <div className="footer-subscribe__row">
            {accountEmail ? (
              <input className="form-input" value={accountEmail} readOnly aria-label="Your email" />
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
      )}
    </div>
  );
}
