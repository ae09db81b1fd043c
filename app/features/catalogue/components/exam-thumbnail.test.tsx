// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLACEHOLDER_CLASS, ExamThumbnail } from './exam-thumbnail.tsx';

afterEach(cleanup);

describe('an exam thumbnail', () => {
  it("shows the exam's picture, decorative beside its title, the largest on the page loaded first", () => {
    const { container } = render(
      <ExamThumbnail title="PMP" category="Project Management" thumbnail="/thumbnails/pmp.svg" priority />,
    );
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/thumbnails/pmp.svg');
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('loading')).toBe('eager');
    expect(screen.queryByTestId('thumbnail-placeholder')).toBeNull();
  });

  it("without a picture, shows up to three initials of the title on its category's colour", () => {
    render(<ExamThumbnail title="Cisco Certified Network Associate" category="Networking" thumbnail={null} />);
    const placeholder = screen.getByTestId('thumbnail-placeholder');
    expect(placeholder.textContent).toBe('CCN');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.className).toContain('bg-[#047857]');
    cleanup();
    render(<ExamThumbnail title="Underwater Basket Weaving" category="Crafts" thumbnail={null} />);
    expect(screen.getByTestId('thumbnail-placeholder').className).toContain(DEFAULT_PLACEHOLDER_CLASS);
  });
});
