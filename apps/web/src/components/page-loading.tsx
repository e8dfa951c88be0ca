/** A page's placeholder while its code or data loads: plain blocks, so it shows before any UI library loads. */
export function PageLoading() {
  return (
    <div className="page" role="status" data-testid="page-loading" aria-busy="true" aria-label="Loading">
      <div className="placeholder placeholder--title" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="placeholder placeholder--line" />
      ))}
    </div>
  );
}
