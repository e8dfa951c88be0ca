import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';

type GoogleCredentialResponse = { credential: string };

type GoogleIdentityServices = {
  accounts: {
    id: {
      initialize: (options: {
        client_id: string;
        callback: (response: GoogleCredentialResponse) => void;
      }) => void;
      renderButton: (
        parent: HTMLElement,
        options: { theme: 'outline'; size: 'large'; text: 'signin_with'; width: number },
      ) => void;
    };
  };
};

declare global {
  interface Window {
    google?: GoogleIdentityServices;
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let scriptLoading: Promise<GoogleIdentityServices> | null = null;

function loadGoogleIdentity(): Promise<GoogleIdentityServices> {
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.google ? resolve(window.google) : reject(new Error('Google sign-in is missing.'));
    script.onerror = () => {
      scriptLoading = null;
      reject(new Error('Google sign-in could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

type Props = { clientId: string; onCredential: (idToken: string) => void };

/** Google Identity Services button; the ID token it yields goes to /api/v1/google-auth. */
export function GoogleSignInButton({ clientId, onCredential }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let isCurrent = true;
    loadGoogleIdentity()
      .then((google) => {
        const parent = container.current;
        if (!isCurrent || !parent) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => callback.current(response.credential),
        });
        google.accounts.id.renderButton(parent, {
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          width: Math.min(parent.clientWidth || 320, 400),
        });
      })
      .catch((err: unknown) => {
        if (isCurrent)
          setLoadError(err instanceof Error ? err.message : 'Google sign-in could not be loaded.');
      });
    return () => {
      isCurrent = false;
    };
  }, [clientId]);

  if (loadError) return <Alert type="warning" showIcon title={loadError} data-testid="google-error" />;
  return <div ref={container} data-testid="google-sign-in" style={{ minHeight: 44 }} />;
}
