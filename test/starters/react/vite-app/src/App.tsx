import { useState } from 'react';

function App() {
  const [keys, setKeys] = useState<string[]>([]);

  return (
    <>
      <svc-uploader
        server-url="/api/upload"
        maxFiles={5}
        onsvc-file-upload-complete={(event) => setKeys((known) => [...known, event.detail.key])}
      ></svc-uploader>

      {/* Two mistakes tsc must report once the package's typings apply: text where maxFiles takes a number, */}
      <svc-uploader maxFiles="five"></svc-uploader>
      {/* and a detail field svc-file-upload-complete does not have. */}
      <svc-uploader onsvc-file-upload-complete={(event) => setKeys((known) => [...known, event.detail.url])}></svc-uploader>

      {keys.map((key) => (
        <p key={key}>{key}</p>
      ))}
    </>
  );
}

export default App;
