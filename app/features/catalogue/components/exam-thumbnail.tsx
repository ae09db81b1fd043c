import { titleInitials } from '../../../../shared/exam-display.ts';

/**
 * Placeholder background per category (spec §2), as classes because the content security policy
 * allows no inline styles. Each keeps white initials above a 4.5:1 contrast ratio, in both themes (the colours
 * are fixed values, which the dark theme does not invert).
 */
const placeholderClass: Record<string, string> = {
  IT: 'bg-[#1d4ed8]',
  Cloud: 'bg-[#0369a1]',
  'Project Management': 'bg-[#7e22ce]',
  Networking: 'bg-[#047857]',
  Education: 'bg-[#b45309]',
  Security: 'bg-[#b91c1c]',
  Development: 'bg-[#4338ca]',
};
export const DEFAULT_PLACEHOLDER_CLASS = 'bg-[#374151]';

interface Props {
  title: string;
  category: string;
  thumbnail: string | null;
  className?: string;
  /** The largest image on the page loads first. */
  priority?: boolean;
}

/** The exam's picture, or a coloured block with up to three initials of its title. Decorative: the title is beside it. */
export function ExamThumbnail({ title, category, thumbnail, className = '', priority = false }: Props) {
  if (thumbnail) {
    return (
      <img
        src={thumbnail}
        alt=""
        width={640}
        height={360}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={`aspect-video w-full object-cover ${className}`}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      data-testid="thumbnail-placeholder"
      className={`flex aspect-video w-full items-center justify-center text-4xl font-bold tracking-wider text-[#fff] ${placeholderClass[category] ?? DEFAULT_PLACEHOLDER_CLASS} ${className}`}
    >
      {titleInitials(title)}
    </div>
  );
}
