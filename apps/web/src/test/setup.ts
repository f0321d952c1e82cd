import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

const originalMatchMedia = window.matchMedia;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-font-size');
  document.documentElement.removeAttribute('style');
  window.matchMedia = originalMatchMedia;
});
