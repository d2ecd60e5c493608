/** The types of the server-stack models, imported by each model and the widgets. */

/** The stacks modelled, each named by its runtime and the call that reads the query. */
export type StackId =
  | 'node:URLSearchParams'
  | 'node:querystring'
  | 'python:parse_qsl'
  | 'django:QueryDict'
  | 'php:parse_str'
  | 'go:url.ParseQuery'
  | 'rack:parse_query'
  | 'rails:ActionDispatch::Request#GET'
  | 'java:tomcat';

/** A name or value: text, or `{ bytes }` (lowercase hex) when the stack hands over bytes that are not UTF-8. */
export type ServerText = string | { bytes: string };

/**
 * A value as the stack holds it: text, `null` (Rack's value of a name without `=`), a PHP
 * array (`array`: its keys and values in order), a Ruby hash (`hash`) or a Ruby array (`list`).
 */
export type ServerValue =
  | ServerText
  | null
  | { array: [key: ServerText, value: ServerValue][] }
  | { hash: [key: ServerText, value: ServerValue][] }
  | { list: ServerValue[] };

/**
 * What a stack hands the application for one query:
 * - `params`: each name with its values in order (one value where the stack keeps the last);
 *   `warning`: the error Go's `ParseQuery` returns beside the pairs it could read;
 * - `error`: the stack raised (its class), and `status` is what the framework answers (Rails: 400);
 * - `status` alone: the server refused the request before any application code ran
 *   (`0`: it closed the connection without an answer).
 */
export type ServerReading =
  | { params: [name: ServerText, values: ServerValue[]][]; warning?: string }
  | { error: string; status?: number }
  | { status: number };

export type ServerStack = {
  id: StackId;
  /** The name readers know: `Go`, `Rails`, `Tomcat / Spring`. */
  name: string;
  /** The runtime and version the model was checked against (the fixture's). */
  version: string;
};
