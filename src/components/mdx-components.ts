/**
 * Components an article may use without importing them: `[slug].astro` passes this map
 * to every MDX page, so `content/<locale>/<slug>.mdx` files hold prose and examples only.
 */
import H2 from './H2.astro';
import H3 from './H3.astro';
// Markdown tables in a keyboard-scrollable box; notes and warnings set apart from the text.
import Table from './Table.astro';
import Callout from './Callout.astro';
// Article figures computed by the codec at build time, and the FAQ item.
import Esc from './content/Esc.astro';
import Decoded from './content/Decoded.astro';
import Canonical from './content/Canonical.astro';
import Utf8Bytes from './content/Utf8Bytes.astro';
import ByteCount from './content/ByteCount.astro';
import CodePointCount from './content/CodePointCount.astro';
import CodePoint from './content/CodePoint.astro';
import EscapeCount from './content/EscapeCount.astro';
import CharRef from './content/CharRef.astro';
import Raw from './content/Raw.astro';
import EncodedBy from './content/EncodedBy.astro';
import EncoderTable from './content/EncoderTable.astro';
import DecoderTable from './content/DecoderTable.astro';
import BrowserSetTable from './content/BrowserSetTable.astro';
import Resolved from './content/Resolved.astro';
import FaqItem from './FaqItem.astro';
// Download links with their size and SHA-256, computed from the built file.
import Download from './Download.astro';
// Live widgets: props set the example, e.g. <Encode value="ламінат" />.
import Encode from '../widgets/encode/Encode.astro';
import Decode from '../widgets/decode/Decode.astro';
import Anatomy from '../widgets/anatomy/Anatomy.astro';
import ServerView from '../widgets/server-view/ServerView.astro';
import Servers from '../widgets/servers/Servers.astro';
import Normalize from '../widgets/normalize/Normalize.astro';
import Group from '../widgets/group/Group.astro';
import Compare from '../widgets/compare/Compare.astro';
import Functions from '../widgets/functions/Functions.astro';
import BrowserSets from '../widgets/browser-sets/BrowserSets.astro';
// Diagrams drawn at build time from codec results, labelled in the page's language.
import UrlPartsDiagram from './diagrams/UrlPartsDiagram.astro';
import EscapeStepsDiagram from './diagrams/EscapeStepsDiagram.astro';
import LayersDiagram from './diagrams/LayersDiagram.astro';
import GroupingDiagram from './diagrams/GroupingDiagram.astro';
import PipelineDiagram from './diagrams/PipelineDiagram.astro';

export const mdxComponents = {
  // Markdown headings, with their stable ids and a visible link to each.
  h2: H2,
  h3: H3,
  table: Table,
  Callout,
  // Inline figures from the codec (`<code data-codec>`), raw inputs, and FAQ answers.
  Esc,
  Decoded,
  Canonical,
  Utf8Bytes,
  ByteCount,
  CodePointCount,
  CodePoint,
  EscapeCount,
  CharRef,
  Raw,
  EncodedBy,
  EncoderTable,
  DecoderTable,
  BrowserSetTable,
  Resolved,
  FaqItem,
  Download,
  // Live widgets.
  Encode,
  Decode,
  Anatomy,
  ServerView,
  Servers,
  Normalize,
  Group,
  Compare,
  Functions,
  BrowserSets,
  // Diagrams.
  UrlPartsDiagram,
  EscapeStepsDiagram,
  LayersDiagram,
  GroupingDiagram,
  PipelineDiagram,
};
