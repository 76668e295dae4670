/**
 * Forms validated by the request schemas in server/contracts (react-hook-form), with one way to submit: busy while
 * the request runs, the server's error shown on its field (when the form has that field) or above the form.
 */
import { useEffect, useReducer, useState } from "react";
import { useForm, type UseFormReset, type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver } from "react-hook-form";
import type { ZodType } from "zod";
import { ApiRequestError } from "../api/client";
import { useSaveState } from "../components/SavedIndicator";

/** Maps a schema's (the API's) field path onto a form field, or undefined for paths the form does not show. */
export type FieldOf<V> = (apiPath: string) => (keyof V & string) | undefined;

/** The first message for each form field when `schema` checks `body`; paths the form does not show are left out. */
export function schemaErrors<V>(schema: ZodType, body: unknown, fieldOf: FieldOf<V>): Partial<Record<keyof V & string, string>> {
  const result = schema.safeParse(body);
  const errors: Partial<Record<keyof V & string, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.join("."));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A react-hook-form resolver that checks the body a form would send (`toBody(values)`) against the server's
 * request schema and puts each message on the form field it belongs to.
 */
export function contractResolver<V extends FieldValues>(schema: ZodType, toBody: (values: V) => unknown, fieldOf: FieldOf<V>): Resolver<V> {
  return (values) => {
    const errors = schemaErrors<V>(schema, toBody(values), fieldOf);
    const names = Object.keys(errors) as (keyof V & string)[];
    if (!names.length) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(names.map((n) => [n, { type: "contract", message: errors[n] }])) as never };
  };
}

/** Any failure as an ApiRequestError, so every form shows its message the same way. */
const asApiError = (err: unknown): ApiRequestError =>
  err instanceof ApiRequestError ? err : new ApiRequestError(0, (err as Error)?.message ?? String(err), "client_error", undefined, null);

/** Form fields named as the API names them: an error's path is a field when the form has a field of that name. */
const sameNames =
  <V>(values: V): FieldOf<V> =>
  (apiPath) =>
    apiPath in (values as object) ? (apiPath as keyof V & string) : undefined;

interface Options<V extends FieldValues> {
  defaultValues: DefaultValues<V> & V;
  /** The checks: a resolver, or the server's request schema with the body the form sends (`toBody`). */
  resolver?: Resolver<V>;
  schema?: ZodType;
  toBody?: (values: V) => unknown;
  /**
   * Sends the form; a thrown ApiRequestError is shown on its field or above the form. `reset` empties the form
   * (or sets new values) after a save that keeps it open.
   */
  onSubmit: (values: V, form: { reset: UseFormReset<V> }) => Promise<unknown>;
  /** Shows a failure some other way (a toast) instead of on its field or above the form. */
  onError?: (failure: ApiRequestError) => void;
  /** A field left without a change counts as edited too (its message shows once touched: Add Chapter). */
  touchOnBlur?: boolean;
  /** Show every server error above the form, whichever field it names (forms whose fields show only their own checks). */
  serverErrorsAbove?: boolean;
  /** Which form field an error the server names belongs to (default: a field of the same name). */
  fieldOf?: FieldOf<V>;
}

/**
 * A form on react-hook-form with the house's submit: `submit` is the <form onSubmit>, `busy` is true while it
 * runs, `saveState` drives SavedIndicator ("Saved" for a moment after a save), `error` is the server's answer that
 * belongs to no field (cleared when a value changes), and `field(name)`
 * gives FormField its value, onChange, onBlur and error (shown once the field is edited or the form submitted).
 */
export function useSubmitForm<V extends FieldValues>({
  defaultValues,
  resolver,
  schema,
  toBody,
  onSubmit,
  onError,
  serverErrorsAbove,
  touchOnBlur,
  fieldOf = sameNames<V>(defaultValues),
}: Options<V>) {
  const [checks] = useState(() => resolver ?? (schema ? contractResolver<V>(schema, toBody ?? ((v) => v), fieldOf) : undefined));
  const form = useForm<V>({ defaultValues, resolver: checks, mode: "onChange" });
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [saveState, setSaveState] = useSaveState();
  const { setValue, watch } = form;

  useEffect(() => {
    const subscription = watch(() => setError(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setSaveState("saving");
    try {
      await onSubmit(values, { reset: form.reset });
      setSaveState("saved");
    } catch (err) {
      setSaveState("idle");
      const failure = asApiError(err);
      if (onError) return onError(failure);
      const name = failure.field && !serverErrorsAbove ? fieldOf(failure.field) : undefined;
      if (name) form.setError(name as Path<V>, { type: "server", message: failure.message });
      else setError(failure);
    }
  });

  /** Submits `next` as the form's values: a button or a switch that saves at once, with no fields to fill. */
  const submitWith = (next: V) => {
    form.reset(next);
    return submit();
  };

  // Each change renders the form at once, like a useState form: react-hook-form's own re-render waits for its
  // subscription, set up in an effect, and a change made before that (right after hydration) would be lost.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const values = watch();
  /** Checks again every edited field (every field, once a save was tried) and `name`. */
  const recheck = (name: Path<V>) => {
    const { isSubmitted, touchedFields } = form.formState;
    void form.trigger(isSubmitted ? undefined : ([...new Set([...Object.keys(touchedFields), name])] as Path<V>[]));
  };
  /**
   * Sets a value as the user does: the field counts as edited, and every edited field (every field, once a save
   * was tried) is checked again, since one value can decide another's message (end time after start time).
   */
  const set =
    <K extends Path<V>>(name: K) =>
    (value: PathValue<V, K>) => {
      setValue(name, value, { shouldDirty: true, shouldTouch: true });
      rerender();
      recheck(name);
    };
  /** A field the user left counts as edited too (its message shows). */
  const touch = (name: Path<V>) => {
    setValue(name, form.getValues(name), { shouldTouch: true });
    rerender();
    recheck(name);
  };
  const errorOf = (name: Path<V>): string | undefined => {
    const fieldError = form.getFieldState(name, form.formState).error;
    return fieldError?.message;
  };
  const field = <K extends Path<V>>(name: K) => ({
    name,
    value: (values as Record<string, unknown>)[name] as PathValue<V, K>,
    onChange: set(name),
    onBlur: touchOnBlur ? () => touch(name) : undefined,
    error: errorOf(name),
  });

  return { form, values, set, touch, field, errorOf, submit, submitWith, busy: form.formState.isSubmitting, error, saveState };
}
