// The page's one way to the server's API: a call, its JSON or an ApiError
// in the server's words, and never a call left waiting unseen.

/** An answer that is not a success: the server's words and its status (0
 * when the server could not be reached). */
class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** How long a call waits for its answer before the page says so: past
 * the longest search a request may ask for and its wait for an engine. A
 * record (a string body) may take as long as its upload does. */
const PATIENCE_MS = 30000;

/** Calls the API: its JSON, or an ApiError. A body that is a string is
 * sent as it is. A call never hangs unseen: one not answered within
 * PATIENCE_MS (a browser out of connections to the server, say) fails
 * with words that say so. */
export async function api(path, body, signal) {
  const patience = typeof body === 'string' ? null : AbortSignal.timeout(PATIENCE_MS);
  const signals = [signal, patience].filter(Boolean);
  const options = { signal: signals.length > 1 && AbortSignal.any ? AbortSignal.any(signals) : signals[0] };
  if (body !== undefined) {
    options.method = 'POST';
    options.headers = { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' };
    options.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    if (error.name === 'TimeoutError') {
      throw new ApiError(`the server did not answer within ${PATIENCE_MS / 1000} s `
        + '(with many tabs of the board open, close some); try again', 0);
    }
    if (error.name === 'AbortError') {
      throw error;
    }
    throw new ApiError('the server could not be reached', 0);
  }
  let data;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(`the server answered ${response.status} without JSON`, response.status);
  }
  if (!response.ok) {
    throw new ApiError(data.error || `the server answered ${response.status}`, response.status);
  }
  return data;
}
