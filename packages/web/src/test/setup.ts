import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { bundledTexts, startI18n } from '@/lib/i18n';

// The first render of a lazy page transforms its modules on the fly, slow when every test file runs at once.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the media queries antd's responsive components listen to.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// antd's tabs and overflow menus measure themselves; jsdom has no layout to observe.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// jsdom does not implement pseudo-element styles, which antd's scroll-lock asks for.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

beforeAll(async () => {
  await startI18n('zh-CN', await bundledTexts('zh-CN'));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
