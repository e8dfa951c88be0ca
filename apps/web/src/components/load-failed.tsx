type Props = { title: string; error: string | null; onRetry: () => void; testId: string };

/** Plain markup, so pages built without Ant Design can show it too. */
export function LoadFailed({ title, error, onRetry, testId }: Props) {
  return (
    <div className="result" role="alert" data-testid={testId}>
      <div className="result__icon result__icon--warning" aria-hidden="true">
        !
      </div>
      <h2 className="result__title">{title}</h2>
      {error && <p className="result__text">{error}</p>}
      <button
        type="button"
        className="shell-button shell-button--primary"
        onClick={onRetry}
        data-testid={`${testId}-retry`}
      >
        Try again
      </button>
    </div>
  );
}
