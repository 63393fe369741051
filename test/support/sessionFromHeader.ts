/**
 * A `getSession` for test and benchmark BFFs: the session is the one the request's `header`
 * names (none without it), standing in for a host's cookie session.
 */
export function sessionFromHeader(header: string): (request: Request) => { id: string } | null {
  return (request) => {
    const id = request.headers.get(header);
    return id ? { id } : null;
  };
}
