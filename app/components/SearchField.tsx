// A list's search box, for searches that live in the URL: what is typed is sent a moment after
// typing stops (a clear at once), and a different search in the URL (the back button, a link)
// replaces the text.
import { Icon, TextField } from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { useEffect, useRef, useState } from "react";

export const SEARCH_DELAY_MS = 300;

type Props = {
  label: string;
  labelHidden?: boolean;
  placeholder: string;
  maxLength: number;
  /** The search the URL holds. */
  value: string;
  /** Called with the trimmed text when it differs from `value`. */
  onSearch: (q: string) => void;
};

export function SearchField({ value, onSearch, ...field }: Props) {
  const [text, setText] = useState(value);
  // The search this field last asked for.
  const asked = useRef(value);
  if (value !== asked.current) {
    asked.current = value;
    setText(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (typed: string, delay: number) => {
    setText(typed);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      asked.current = typed.trim();
      if (typed.trim() !== value) onSearch(typed.trim());
    }, delay);
  };
  return (
    <TextField
      {...field}
      prefix={<Icon source={SearchIcon} tone="subdued" />}
      value={text}
      onChange={(typed) => search(typed, SEARCH_DELAY_MS)}
      clearButton
      onClearButtonClick={() => search("", 0)}
      autoComplete="off"
    />
  );
}
