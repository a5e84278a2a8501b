platform :android do
  lane :build_and_upload_to_play_store do |options|
    gradle(task: "bundle", build_type: "Release")
    upload_to_play_store(track: "internal")
  end
end
