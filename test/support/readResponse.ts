/** A response read once: status, headers, text and (for JSON) the parsed body. */
export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies field by field
  json: any;
  text: string;
}

/** Reads a response once. */
export async function readResponse(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    json: type.includes('json') && text !== '' ? JSON.parse(text) : undefined,
    text,
  };
}
