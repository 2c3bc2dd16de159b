import 'svc-uploader';

const uploader = document.querySelector('svc-uploader')!;
uploader.maxFiles = 5;
uploader.addEventListener('svc-file-upload-complete', (event) => console.log(event.detail.key.toUpperCase()));

// A mistake tsc must report, so a check that reads nothing cannot pass: a detail field
// svc-file-upload-complete does not have.
uploader.addEventListener('svc-file-upload-complete', (event) => console.log(event.detail.url));
