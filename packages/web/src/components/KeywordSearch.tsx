import { Input } from 'antd';

export interface KeywordSearchProps {
  /** the keyword the list is filtered by now (from the URL) */
  value: string | undefined;
  placeholder: string;
  width?: number | string;
  /** the longest keyword the list's query accepts */
  maxLength?: number;
  /** called with the typed text, trimmed; empty clears the filter */
  onSearch(keyword: string): void;
}

/**
 * The keyword box of a list page: shows the list's current keyword (and follows it when the URL
 * changes, e.g. on back), searches on Enter or the button, and can be cleared.
 */
export function KeywordSearch({ value, placeholder, width = 240, maxLength, onSearch }: KeywordSearchProps) {
  return (
    <Input.Search
      key={value ?? ''}
      allowClear
      defaultValue={value}
      placeholder={placeholder}
      maxLength={maxLength}
      style={{ width }}
      onSearch={(text) => onSearch(text.trim())}
    />
  );
}
