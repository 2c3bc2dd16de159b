// Teaches TypeScript's JSX about <svc-uploader>: its properties, and one on<event-name> prop per
// svc-* event with the event's typed detail.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { SvcUploader, SvcUploaderEventMap, UploaderPropName } from 'svc-uploader';

type SvcUploaderEventProps = {
  [Name in keyof SvcUploaderEventMap as `on${Name}`]?: (event: SvcUploaderEventMap[Name]) => void;
};

// React treats every function prop whose name starts with "on" as an event listener, so the
// onBeforeFileAdded hook cannot be passed as a prop: set it on the element through a ref.
type SvcUploaderProperties = Partial<Pick<SvcUploader, Exclude<UploaderPropName, 'onBeforeFileAdded'>>>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'svc-uploader': DetailedHTMLProps<HTMLAttributes<SvcUploader>, SvcUploader> & SvcUploaderProperties & SvcUploaderEventProps;
    }
  }
}
