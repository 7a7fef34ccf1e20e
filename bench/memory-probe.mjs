// Preloaded (node --import) into a server the idle-memory bench measures: answers any message on
// the IPC channel with the process's memoryUsage(). The channel is unref'd so it never keeps the
// process alive on its own.
process.on('message', () => process.send(process.memoryUsage()));
process.channel?.unref();
