/**
 * The search field with suggestions while typing, as the ARIA combobox pattern has it (a text
 * field that controls a listbox popup): ArrowDown and ArrowUp move through the suggestions
 * (aria-activedescendant, focus stays in the field), Enter searches the one chosen (or the text
 * when none is), Escape closes the list. A plain input in the form, so the search still works by
 * the form's GET without JavaScript.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useSearchSuggestions } from './use-search-suggestions';
import './search-combobox.css';

export interface SearchComboboxProps {
  /** The field's id, for the form's label. */
  id: string;
  name: string;
  defaultValue: string;
  maxLength: number;
  /** Searches for a chosen suggestion. */
  onChoose(suggestion: string): void;
}

export function SearchCombobox({ id, name, defaultValue, maxLength, onChoose }: SearchComboboxProps) {
  const listId = useId();
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSearchSuggestions(text);
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (suggestion: string) => {
    setText(suggestion);
    setOpen(false);
    setActive(-1);
    onChoose(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((index) => (!expanded ? (step === 1 ? 0 : suggestions.length - 1) : (index + step + suggestions.length) % suggestions.length));
    } else if (event.key === 'Enter' && expanded && active >= 0 && suggestions[active] !== undefined) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="search-combobox">
      <input
        id={id}
        name={name}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        autoComplete="off"
        maxLength={maxLength}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div id={listId} role="listbox" aria-label="Suggeriments" className="search-combobox__list" hidden={!expanded}>
        {expanded &&
          suggestions.map((suggestion, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the combobox pattern keeps focus in the field, which points at the option with aria-activedescendant.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the field's (ArrowDown, ArrowUp, Enter, Escape), as the combobox pattern has them.
            <div
              key={suggestion}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Before the field's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              {suggestion}
            </div>
          ))}
      </div>
    </div>
  );
}
