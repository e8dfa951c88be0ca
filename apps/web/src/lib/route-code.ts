/**
 * Starts loading the code of the page at a path. The route table registers how (app/router); a page that sends the
 * customer on (sign-in) asks through here, so it does not import the route table of the pages it belongs to.
 */
let preloadPageCode: (pathname: string) => void = () => undefined;

export function setRouteCodePreloader(preload: (pathname: string) => void): void {
  preloadPageCode = preload;
}

export function preloadRouteCode(pathname: string): void {
  preloadPageCode(pathname);
}
