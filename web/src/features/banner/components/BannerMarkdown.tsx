import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/** A notification message as sanitized Markdown (its own chunk, so the landing page stays light). */
function BannerMarkdown({ message }: { message: string }) {
  return <Markdown rehypePlugins={[rehypeSanitize]}>{message}</Markdown>;
}

export default BannerMarkdown;
