import { useState } from 'react';
// The package's typings also teach TSX the <svc-uploader> tag: its properties, attributes and
// typed on<event-name> props.
import type { FileSizeLimit, SvcUploaderEventMap } from 'svc-uploader';

interface StoredFile {
  key: string;
  name: string;
}

// Defined once, outside the component: a new object on every render would be set again each time.
const maxFileSize: FileSizeLimit = { size: 50, unit: 'MB' };

export function App() {
  const [stored, setStored] = useState<StoredFile[]>([]);
  const [summary, setSummary] = useState('');

  function onFileUploadComplete(event: SvcUploaderEventMap['svc-file-upload-complete']) {
    const { key, file } = event.detail;
    setStored((files) => [...files, { key, name: file.name }]);
  }

  function onRunComplete(event: SvcUploaderEventMap['svc-files-upload-complete']) {
    setSummary(`${event.detail.successful} stored, ${event.detail.failed} failed`);
  }

  return (
    <main>
      <h1>svc-uploader in React</h1>
      {/*
        React 19 sets serverUrl, maxFiles and maxFileSize as properties (the element has them), and
        turns on<event-name> props into addEventListener(event-name): the name after "on" is used
        exactly as written, so it is onsvc-file-upload-complete, not onSvcFileUploadComplete.
      */}
      <svc-uploader
        serverUrl="/api/upload"
        maxFiles={5}
        maxFileSize={maxFileSize}
        onsvc-file-upload-complete={onFileUploadComplete}
        onsvc-files-upload-complete={onRunComplete}
      />

      <h2>Stored</h2>
      {summary && <p className="run-summary">{summary}</p>}
      <ul className="stored-files">
        {stored.map((file) => (
          <li key={file.key} data-key={file.key}>
            {file.name} → {file.key}
          </li>
        ))}
      </ul>
    </main>
  );
}
